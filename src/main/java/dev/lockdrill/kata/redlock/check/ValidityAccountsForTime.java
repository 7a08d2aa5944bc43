package dev.lockdrill.kata.redlock.check;

import dev.lockdrill.check.Evidence;
import dev.lockdrill.check.Invariant;
import dev.lockdrill.check.InvariantResult;
import dev.lockdrill.history.History;

import java.util.ArrayList;
import java.util.List;

/**
 * validity ≤ TTL − elapsed − drift, where drift is at least 1 % of the TTL and elapsed is at least
 * the time from the first command carrying the lease's value to the last reply to one (as the
 * proxies saw them; 1 ms of slack for a client that counts in milliseconds), and also to when
 * acquire returned: whatever the client did after its majority (a token, a grant, a pause before
 * or during it) comes out of its validity. The bound to the return allows a few milliseconds more,
 * as a busy machine may deschedule the client between its last clock reading and its return.
 */
final class ValidityAccountsForTime implements Invariant {
    static final double DRIFT_FACTOR = 0.01;
    static final long SLACK_MILLIS = 1;
    static final long RETURN_SLACK_MILLIS = 20;

    @Override
    public String name() {
        return "validity-reduced-by-elapsed-and-drift";
    }

    @Override
    public String description() {
        return "a lease's validity is at most TTL − the time from its first SET to acquire's return − 1 % of the TTL for clock drift";
    }

    @Override
    public InvariantResult check(History history) {
        List<Evidence> evidence = new ArrayList<>();
        int judged = 0;
        for (RedlockFacts.Grant grant : RedlockFacts.grants(history)) {
            long first = Long.MAX_VALUE;
            long last = Long.MIN_VALUE;
            for (RedlockFacts.Command c : RedlockFacts.traffic(history, grant.op().scenario())) {
                if (!c.worker().equals(grant.op().worker()) || !c.words().contains(grant.value())
                        || c.sentNanos() < grant.op().invokeNanos() || c.sentNanos() > grant.op().completeNanos()) {
                    continue;
                }
                first = Math.min(first, c.sentNanos());
                if (c.replyNanos() >= 0 && c.replyNanos() <= grant.op().completeNanos()) {
                    last = Math.max(last, c.replyNanos());
                }
            }
            if (first == Long.MAX_VALUE || last == Long.MIN_VALUE) {
                continue;
            }
            judged++;
            long elapsed = RedlockFacts.millis(last - first);
            long drift = (long) Math.floor(grant.ttlMs() * DRIFT_FACTOR);
            long bound = grant.ttlMs() - elapsed - drift + SLACK_MILLIS;
            Long returned = grant.op().longResult("returnedNanos");
            long toReturn = returned == null ? elapsed : RedlockFacts.millis(returned - first);
            long returnBound = grant.ttlMs() - toReturn - drift + RETURN_SLACK_MILLIS;
            if (grant.validityMs() > bound) {
                evidence.add(Evidence.of(grant.op().scenario() + ": " + grant.who() + " claims " + grant.validityMs()
                        + " ms of validity for a TTL of " + grant.ttlMs() + " ms, but acquiring took at least "
                        + elapsed + " ms and drift is at least " + drift + " ms: at most " + bound + " ms",
                        grant.op().id()));
            } else if (grant.validityMs() > returnBound) {
                evidence.add(Evidence.of(grant.op().scenario() + ": " + grant.who() + " claims " + grant.validityMs()
                        + " ms of validity for a TTL of " + grant.ttlMs() + " ms, but acquire returned " + toReturn
                        + " ms after its first SET (validity is what is left at the return: a token or grant taken "
                        + "after the majority, and any pause, come out of it)", grant.op().id()));
            }
        }
        if (judged == 0) {
            return notExercised("no granted lease's value was seen in the nodes' traffic");
        }
        return failIfAny(Evidence.capped(evidence, 5));
    }
}
