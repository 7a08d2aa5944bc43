package dev.lockdrill.kata.leaseclaim.check;

import dev.lockdrill.check.lease.LeaseAudit;
import dev.lockdrill.check.lease.LeaseTimeline;
import dev.lockdrill.check.Evidence;
import dev.lockdrill.check.Invariant;
import dev.lockdrill.check.InvariantResult;
import dev.lockdrill.history.FaultEvent;
import dev.lockdrill.history.Faults;
import dev.lockdrill.history.History;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The rows a crashed worker held come back: another worker claims each of them once its lease
 * has run out in database time (not before), so the crash loses nothing. A row the worker had
 * finished under its lease (before the crash, or as the process that restarted under its name)
 * is not held, so nobody needs to claim it again.
 */
public final class CrashedClaimsReclaimed implements Invariant {
    @Override
    public String name() {
        return "crashed-claims-reclaimed";
    }

    @Override
    public String description() {
        return "rows held by a crashed worker are claimed again after their lease expires, not before";
    }

    @Override
    public InvariantResult check(History history) {
        Map<String, List<LeaseAudit.Change>> rows = new LeaseAudit(history).byRow();
        if (history.faults().stream().noneMatch(f -> f.is(Faults.CRASH) && f.landed())) {
            return notExercised("no worker crashed");
        }
        List<Evidence> evidence = new ArrayList<>();
        for (FaultEvent crash : history.faults()) {
            if (!crash.is(Faults.CRASH)) {
                continue;
            }
            for (List<LeaseAudit.Change> changes : rows.values()) {
                LeaseTimeline timeline = new LeaseTimeline(changes);
                for (LeaseTimeline.Held held : timeline.leases()) {
                    if (!held.claim().scenario().equals(crash.scenario()) || !held.worker().equals(crash.target())
                            || finishedUnder(changes, held)) {
                        continue;
                    }
                    next(timeline, held).ifPresentOrElse(after -> {
                        if (after.claim().atUs() < held.expiryUs()) {
                            evidence.add(Evidence.of(after.worker() + " took " + held.claim().rowKey()
                                    + " from crashed " + held.worker() + " "
                                    + LeaseAudit.ms(held.expiryUs() - after.claim().atUs())
                                    + " before its lease ran out"));
                        }
                    }, () -> evidence.add(Evidence.of(crash.description() + "; " + held.claim().rowKey()
                            + " (token " + held.token() + ") was never claimed again")));
                }
            }
        }
        return failIfAny(Evidence.capped(evidence, 6));
    }

    /**
     * The worker finished the row under this lease (before it crashed, or as the process that came
     * back): the change that finished it was made under the lease's token, whether it kept the token
     * in the row or cleared it (a design may set it NULL on completion).
     */
    private static boolean finishedUnder(List<LeaseAudit.Change> changes, LeaseTimeline.Held held) {
        return changes.stream().anyMatch(c -> LeaseAudit.terminal(c.newState())
                && (c.newToken() != null && c.newToken() == held.token()
                || c.oldToken() != null && c.oldToken() == held.token()));
    }

    private static Optional<LeaseTimeline.Held> next(LeaseTimeline timeline, LeaseTimeline.Held held) {
        List<LeaseTimeline.Held> leases = timeline.leases();
        int index = leases.indexOf(held);
        return index + 1 < leases.size() ? Optional.of(leases.get(index + 1)) : Optional.empty();
    }
}
