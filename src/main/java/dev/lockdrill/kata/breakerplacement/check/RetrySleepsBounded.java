package dev.lockdrill.kata.breakerplacement.check;

import dev.lockdrill.check.Evidence;
import dev.lockdrill.check.Invariant;
import dev.lockdrill.check.InvariantResult;
import dev.lockdrill.history.History;

import java.util.ArrayList;
import java.util.List;

/**
 * Backoff is bounded: an emit sleeps at most twice (between its three attempts), each sleep between
 * 0 and {@value #MAX_SLEEP_MILLIS} ms. The harness's sleeper moves virtual time, so an unbounded
 * sleep would not slow the check down — it would stretch every time budget (the outage, the breaker
 * wait) and hold every other key's events back; this bounds what the code under test can stretch.
 */
public final class RetrySleepsBounded implements Invariant {
    static final long MAX_SLEEP_MILLIS = 1000;
    static final int MAX_SLEEPS = 2;

    @Override
    public String name() {
        return "retry-sleeps-bounded";
    }

    @Override
    public String description() {
        return "an emit sleeps at most " + MAX_SLEEPS + " times, each between 0 and " + MAX_SLEEP_MILLIS + " ms";
    }

    @Override
    public InvariantResult check(History history) {
        EmitterFacts facts = new EmitterFacts(history);
        List<Evidence> evidence = new ArrayList<>();
        int sleeps = 0;
        for (String scenario : facts.scenarios()) {
            for (EmitRecord emit : facts.emits(scenario)) {
                List<Long> millis = emit.sleepMillis();
                sleeps += millis.size();
                if (millis.size() > MAX_SLEEPS || millis.stream().anyMatch(m -> m < 0 || m > MAX_SLEEP_MILLIS)) {
                    evidence.add(Evidence.of(scenario + ": " + emit.describe() + " — slept " + millis + " ms",
                            emit.emit().id()));
                }
            }
        }
        if (sleeps == 0) {
            return notExercised("no emit slept between attempts");
        }
        return failIfAny(Evidence.capped(evidence, 5));
    }
}
