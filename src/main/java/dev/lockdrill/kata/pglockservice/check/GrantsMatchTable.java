package dev.lockdrill.kata.pglockservice.check;

import dev.lockdrill.check.Evidence;
import dev.lockdrill.check.Invariant;
import dev.lockdrill.check.InvariantResult;
import dev.lockdrill.history.History;
import dev.lockdrill.history.Observation;
import dev.lockdrill.history.Op;
import dev.lockdrill.kata.pglockservice.protocol.AcquireCall;
import dev.lockdrill.kata.pglockservice.protocol.Granted;
import dev.lockdrill.kata.pglockservice.protocol.LockObservations;
import dev.lockdrill.kata.pglockservice.protocol.LockObservations.TokenWritten;
import dev.lockdrill.kata.pglockservice.protocol.LockOps;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * A grant is answered as a grant: every token the locks table took in a worker's session with a
 * live lease (a grant; not a placeholder row written already expired) was
 * returned to that worker by a tryAcquire of that name, unless one of its tryAcquires of the name
 * ended in an error (an unknown outcome: its reply may have been lost after the grant). A
 * tryAcquire that took the lock and answered "not granted" leaves a lease nobody knows it holds:
 * the lock is stuck until it expires, and a caller that retries is refused by its own grant.
 * The session is matched to the worker by the application name the harness gave its pool.
 */
public final class GrantsMatchTable implements Invariant {
    @Override
    public String name() {
        return "grants-match-table";
    }

    @Override
    public String description() {
        return "every token the locks table took for a worker was returned to it as a grant, or its call failed";
    }

    @Override
    public InvariantResult check(History history) {
        List<Evidence> evidence = new ArrayList<>();
        int judged = 0;
        for (Observation observation : history.observations(LockObservations.LOCK_HISTORY)) {
            List<Op> acquires = history.ops(op -> op.is(LockOps.ACQUIRE) && op.scenario().equals(observation.scenario()));
            for (TokenWritten row : LockObservations.tokensWritten(List.of(observation))) {
                Optional<String> worker = workerOf(row, acquires);
                if (worker.isEmpty() || !row.live()) {
                    continue;
                }
                judged++;
                List<Op> asked = acquires.stream().filter(op -> op.worker().equals(worker.get())
                        && AcquireCall.of(op).name().equals(row.name())).toList();
                boolean answered = asked.stream().anyMatch(op -> !op.ok()
                        || Granted.of(op).map(g -> g.token() == row.token()).orElse(false));
                if (!answered) {
                    evidence.add(new Evidence("the locks table took token " + row.token() + " for " + row.name()
                            + " in " + worker.get() + "'s session (" + row.op() + "), but none of its "
                            + asked.size() + " tryAcquire call(s) of that name returned it: a grant answered as "
                            + "not granted leaves a lease nobody knows it holds",
                            asked.stream().map(Op::id).toList(), List.of()));
                }
            }
        }
        if (judged == 0) {
            return notExercised("the locks table took no token in a worker's session");
        }
        return failIfAny(Evidence.capped(evidence, 6));
    }

    /** The worker whose pool's application name wrote the row, among those that asked in the scenario. */
    private static Optional<String> workerOf(TokenWritten row, List<Op> acquires) {
        String app = row.app() == null ? "" : row.app();
        return acquires.stream().map(Op::worker).distinct().filter(worker -> app.endsWith("-" + worker)).findFirst();
    }
}
