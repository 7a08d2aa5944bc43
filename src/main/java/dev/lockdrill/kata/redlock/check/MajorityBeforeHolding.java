package dev.lockdrill.kata.redlock.check;

import dev.lockdrill.check.Evidence;
import dev.lockdrill.check.Invariant;
import dev.lockdrill.check.InvariantResult;
import dev.lockdrill.history.Faults;
import dev.lockdrill.history.History;
import dev.lockdrill.history.Op;

import dev.lockdrill.kata.redlock.protocol.RedlockFaults;

import java.util.ArrayList;
import java.util.List;

/**
 * A lease is granted only when a majority of the nodes (3 of 5) hold its value, as the nodes
 * themselves say when read after acquire returned. A grant whose acquire a node restart or a TTL
 * cut overlapped is not judged: the value may have been lost after the client counted its
 * majority, which no client can prevent (the fence at the resource is what makes that harmless).
 */
final class MajorityBeforeHolding implements Invariant {
    @Override
    public String name() {
        return "majority-before-holding";
    }

    @Override
    public String description() {
        return "acquire returns a lease only when at least 3 of the 5 nodes hold its value";
    }

    @Override
    public InvariantResult check(History history) {
        List<RedlockFacts.Grant> grants = RedlockFacts.grants(history);
        if (grants.isEmpty()) {
            return notExercised("no acquire returned a lease");
        }
        List<Evidence> evidence = new ArrayList<>();
        int judged = 0;
        for (RedlockFacts.Grant grant : grants) {
            if (valuesMayHaveBeenLostMeanwhile(history, grant.op())) {
                continue;
            }
            judged++;
            List<String> holding = RedlockFacts.holding(RedlockFacts.nodes(grant.op(), "nodesAfter"), grant.value());
            if (holding.size() < RedlockFacts.MAJORITY) {
                evidence.add(Evidence.of(grant.op().scenario() + ": " + grant.who() + " was granted while only "
                        + holding.size() + " of 5 nodes held its value " + holding, grant.op().id()));
            }
        }
        if (judged == 0) {
            return notExercised("every grant overlapped a node restart or a TTL cut, which may have removed its "
                    + "values before the nodes were read");
        }
        return failIfAny(Evidence.capped(evidence, 5));
    }

    /**
     * The nodes are read after acquire returned. A restart that emptied a node, or a cut TTL, landing
     * between the acquire's first SET and that read may have removed values the client did hold when
     * it counted its majority: such a grant cannot be judged from the read (a schedule of the explorer
     * did exactly this to the reference).
     */
    private static boolean valuesMayHaveBeenLostMeanwhile(History history, Op grant) {
        return history.faults(grant.scenario()).stream().anyMatch(fault -> fault.landed()
                && (fault.is(RedlockFaults.NODE_RESTART) || fault.is(Faults.CLOCK_JUMP))
                && fault.overlaps(grant.invokeNanos(), grant.completeNanos()));
    }
}
