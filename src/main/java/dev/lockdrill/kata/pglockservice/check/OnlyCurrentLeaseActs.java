package dev.lockdrill.kata.pglockservice.check;

import dev.lockdrill.check.Evidence;
import dev.lockdrill.check.Invariant;
import dev.lockdrill.check.InvariantResult;
import dev.lockdrill.history.History;
import dev.lockdrill.history.Op;
import dev.lockdrill.kata.pglockservice.protocol.LockOps;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * Once a lock has been granted again, or its lease released, the old lease is dead: renewing or
 * releasing it must say false (and change nothing), whoever calls and whatever holder label it carries.
 */
public final class OnlyCurrentLeaseActs implements Invariant {
    @Override
    public String name() {
        return "only-current-token-renews-or-releases";
    }

    @Override
    public String description() {
        return "renew and release succeed only for the current lease, never for a superseded token";
    }

    @Override
    public InvariantResult check(History history) {
        LockFacts facts = new LockFacts(history);
        List<Evidence> evidence = new ArrayList<>();
        for (Grant old : facts.grants()) {
            for (Op call : old.followUps()) {
                boolean succeeded = call.ok() && call.accepted().orElse(false);
                if (!succeeded) {
                    continue;
                }
                Optional<Op> released = old.followUps().stream()
                        .filter(r -> r.is(LockOps.RELEASE) && r.id() < call.id() && r.ok() && r.accepted().orElse(false)
                                && LockFacts.dbAfter(r) <= LockFacts.dbBefore(call))
                        .findFirst();
                if (released.isPresent()) {
                    evidence.add(new Evidence(facts.describeCall(released.get()) + "; then " + facts.describeCall(call)
                            + " — token " + old.token() + " had already been released",
                            List.of(call.id()), List.of(released.get().id())));
                    continue;
                }
                facts.grants(old.name()).stream()
                        .filter(newer -> newer.token() != old.token() && newer.dbBefore() >= old.dbAfter()
                                && newer.dbAfter() <= LockFacts.dbBefore(call))
                        .findFirst()
                        .ifPresent(newer -> evidence.add(new Evidence(facts.describe(newer) + "; then "
                                + facts.describeCall(call) + " — token " + old.token() + " was already superseded "
                                + "by token " + newer.token(), List.of(call.id()), List.of(newer.acquire().id()))));
            }
        }
        return failIfAny(evidence);
    }
}
