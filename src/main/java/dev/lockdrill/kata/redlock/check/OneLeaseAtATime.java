package dev.lockdrill.kata.redlock.check;

import dev.lockdrill.check.Evidence;
import dev.lockdrill.check.Invariant;
import dev.lockdrill.check.InvariantResult;
import dev.lockdrill.history.Faults;
import dev.lockdrill.history.FaultEvent;
import dev.lockdrill.history.History;
import dev.lockdrill.history.Op;
import dev.lockdrill.kata.redlock.protocol.RedlockFaults;
import dev.lockdrill.kata.redlock.protocol.RedlockOp;

import java.util.ArrayList;
import java.util.List;

/**
 * While no node restarts, no clock jumps and no holder pauses, two leases on one resource are never
 * valid at the same time (each valid from when acquire returned for its validity), unless the first
 * was released before the second was granted. A lease's validity is counted from when its acquire
 * began (the client counts it from its first SET; whatever it does after locking, such as taking a
 * fencing token, comes out of it), so a lease granted just as the first's keys expire is no overlap.
 */
final class OneLeaseAtATime implements Invariant {
    @Override
    public String name() {
        return "one-valid-lease-while-nodes-healthy";
    }

    @Override
    public String description() {
        return "without restarts, clock jumps or pauses, two leases on a resource are never valid at once";
    }

    @Override
    public InvariantResult check(History history) {
        List<RedlockFacts.Grant> grants = RedlockFacts.grants(history).stream()
                .filter(g -> healthy(history, g.op().scenario())).toList();
        List<Evidence> evidence = new ArrayList<>();
        for (int i = 0; i < grants.size(); i++) {
            for (int j = i + 1; j < grants.size(); j++) {
                RedlockFacts.Grant a = grants.get(i);
                RedlockFacts.Grant b = grants.get(j);
                if (!a.resource().equals(b.resource())) {
                    continue;
                }
                RedlockFacts.Grant first = a.op().completeNanos() <= b.op().completeNanos() ? a : b;
                RedlockFacts.Grant second = first == a ? b : a;
                long firstEnd = first.op().invokeNanos() + first.validityMs() * 1_000_000;
                if (firstEnd > second.op().completeNanos() && !releasedBefore(history, first, second.op())) {
                    evidence.add(new Evidence(first.op().scenario() + ": " + first.who() + " and " + second.who()
                            + " were valid at the same time on healthy nodes", List.of(second.op().id()),
                            List.of(first.op().id())));
                }
            }
        }
        return failIfAny(Evidence.capped(evidence, 5));
    }

    private static boolean healthy(History history, String scenario) {
        for (FaultEvent fault : history.faults(scenario)) {
            if (fault.landed() && (fault.is(Faults.PAUSE) || fault.is(Faults.CLOCK_JUMP)
                    || fault.is(RedlockFaults.NODE_RESTART))) {
                return false;
            }
        }
        return true;
    }

    private static boolean releasedBefore(History history, RedlockFacts.Grant lease, Op granted) {
        return history.ops(RedlockOp.RELEASE).stream().anyMatch(r -> r.ok()
                && String.valueOf(lease.value()).equals(r.stringArg("value")) && r.completeNanos() <= granted.completeNanos());
    }
}
