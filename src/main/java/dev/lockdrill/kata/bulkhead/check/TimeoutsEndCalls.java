package dev.lockdrill.kata.bulkhead.check;

import dev.lockdrill.check.Evidence;
import dev.lockdrill.check.Invariant;
import dev.lockdrill.check.InvariantResult;
import dev.lockdrill.history.FaultEvent;
import dev.lockdrill.history.History;
import dev.lockdrill.history.Op;
import dev.lockdrill.kata.bulkhead.protocol.Budgets;
import dev.lockdrill.kata.bulkhead.protocol.CallResult;
import dev.lockdrill.kata.bulkhead.protocol.Ending;
import dev.lockdrill.kata.bulkhead.protocol.LimitRow;
import dev.lockdrill.kata.bulkhead.protocol.WorkResult;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * The call timeout is what was asked, judged from the client's side: a call ends with
 * TimeoutException no sooner than callTimeout after it was made, and a call held by a dependency
 * that hangs well past that (by the harness's clock: the hang lasts at least callTimeout +
 * {@value Budgets#TIMEOUT_SLACK_MILLIS} ms) ends as a timeout within that slack — not with the
 * value the recovery finally let through, and not never. Time the machine stalled the check itself
 * does not count against the slack.
 */
public final class TimeoutsEndCalls implements Invariant {
    @Override
    public String name() {
        return "timeouts-end-calls";
    }

    @Override
    public String description() {
        return "a call ends with TimeoutException after callTimeout (not sooner, and at most "
                + Budgets.TIMEOUT_SLACK_MILLIS + " ms later) when its dependency hangs";
    }

    @Override
    public InvariantResult check(History history) {
        BulkheadFacts facts = new BulkheadFacts(history);
        List<Evidence> evidence = new ArrayList<>();
        boolean judged = false;
        long slack = Budgets.TIMEOUT_SLACK_MILLIS * BulkheadFacts.MS;
        for (Op call : facts.calls()) {
            Optional<LimitRow> limit = facts.limit(call);
            if (limit.isEmpty() || limit.get().callTimeoutMillis() < 0) {
                continue;
            }
            long timeout = limit.get().callTimeoutMillis() * BulkheadFacts.MS;
            CallResult outcome = BulkheadFacts.outcome(call);
            long took = call.completeNanos() - call.invokeNanos();
            if (outcome.is(Ending.TIMEOUT)) {
                judged = true;
                if (took < timeout - BulkheadFacts.MS) {
                    evidence.add(Evidence.of(String.format(Locale.ROOT, "%s timed out after %.1f ms; its callTimeout "
                            + "is %d ms", BulkheadFacts.who(call), took / 1e6, limit.get().callTimeoutMillis()), call.id()));
                } else if (facts.ran(call) > timeout + slack) {
                    evidence.add(Evidence.of(String.format(Locale.ROOT, "%s timed out only after %.1f ms; its "
                            + "callTimeout is %d ms", BulkheadFacts.who(call), took / 1e6,
                            limit.get().callTimeoutMillis()), call.id()));
                }
                continue;
            }
            if (outcome.is(Ending.CANCELLED)) {
                continue;
            }
            Optional<Op> work = facts.workOf(call);
            Optional<FaultEvent> hang = facts.hangOf(call);
            boolean held = work.isPresent() && WorkResult.of(work.get()).hung() && hang.isPresent()
                    && facts.ran(call.scenario(), call.invokeNanos(), hang.get().endNanos()) >= timeout + slack;
            if (held) {
                judged = true;
                evidence.add(new Evidence(String.format(Locale.ROOT, "%s was held by the hung dependency and ended as "
                                + "%s after %.1f ms: its callTimeout (%d ms) did not end it", BulkheadFacts.who(call),
                        outcome, took / 1e6, limit.get().callTimeoutMillis()), List.of(call.id()), List.of(work.get().id())));
            }
        }
        if (!judged) {
            return notExercised("no call timed out or was held by a hung dependency");
        }
        return failIfAny(Evidence.capped(evidence, 5));
    }
}
