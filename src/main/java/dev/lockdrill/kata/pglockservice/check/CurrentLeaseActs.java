package dev.lockdrill.kata.pglockservice.check;

import dev.lockdrill.check.Evidence;
import dev.lockdrill.check.Invariant;
import dev.lockdrill.check.InvariantResult;
import dev.lockdrill.history.History;
import dev.lockdrill.history.Op;

import java.util.ArrayList;
import java.util.List;

/**
 * The other half of identity by token: renewing or releasing the current lease, while it is
 * certainly live in database time and nobody else was granted the lock, must succeed. A token
 * mangled on the way (kept in an int, compared as text), a lease that vanished with its session,
 * or a renew that demands the holder's clock agree, all say false here.
 */
public final class CurrentLeaseActs implements Invariant {
    @Override
    public String name() {
        return "current-lease-renews-and-releases";
    }

    @Override
    public String description() {
        return "renew and release succeed for the current lease while it is certainly live";
    }

    @Override
    public InvariantResult check(History history) {
        LockFacts facts = new LockFacts(history);
        List<Evidence> evidence = new ArrayList<>();
        int judged = 0;
        for (Grant grant : facts.grants()) {
            for (Op call : grant.followUps()) {
                if (!call.ok() || !certainlyCurrent(facts, grant, call)) {
                    continue;
                }
                judged++;
                if (!call.accepted().orElse(false)) {
                    evidence.add(new Evidence(facts.describe(grant) + "; its lease was certainly live until "
                            + facts.at(call.scenario(), grant.certainEndBefore(call.id())) + "; then "
                            + facts.describeCall(call) + " — the current lease was refused",
                            List.of(call.id()), List.of(grant.acquire().id())));
                }
            }
        }
        if (judged == 0) {
            return notExercised("no renew or release was made while its lease was certainly live");
        }
        return failIfAny(evidence);
    }

    /** The call ran entirely while the grant's lease was certainly live, with no other grant of the name since. */
    private static boolean certainlyCurrent(LockFacts facts, Grant grant, Op call) {
        if (LockFacts.dbAfter(call) >= grant.certainEndBefore(call.id())) {
            return false;
        }
        return facts.grants(grant.name()).stream().noneMatch(other -> other.acquire().id() != grant.acquire().id()
                && other.dbAfter() > grant.dbBefore() && other.dbBefore() < LockFacts.dbAfter(call));
    }
}
