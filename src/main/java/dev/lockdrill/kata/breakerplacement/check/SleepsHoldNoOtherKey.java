package dev.lockdrill.kata.breakerplacement.check;

import dev.lockdrill.check.Evidence;
import dev.lockdrill.check.Invariant;
import dev.lockdrill.check.InvariantResult;
import dev.lockdrill.history.History;
import dev.lockdrill.kata.breakerplacement.protocol.HeldSleep;

import java.util.List;

/**
 * emit is called from several outbox workers at once: while one emit sleeps between attempts for
 * its failing key, the emits of other keys on other threads go on. A lock held across the sleep (a
 * synchronized emit, one lock around the whole retry loop) makes every key wait for the slowest.
 */
public final class SleepsHoldNoOtherKey implements Invariant {
    @Override
    public String name() {
        return "sleeps-hold-no-other-key";
    }

    @Override
    public String description() {
        return "while one thread's emit sleeps for a retry, other threads' emits for other keys finish";
    }

    @Override
    public InvariantResult check(History history) {
        List<HeldSleep> held = new EmitterFacts(history).heldSleeps().stream().filter(HeldSleep::slept).toList();
        if (held.isEmpty()) {
            return notExercised("no emit slept while others were waiting to run");
        }
        return failIfAny(held.stream().filter(h -> h.unfinished() > 0)
                .map(h -> Evidence.of("while an emit for " + h.key() + " slept between attempts (held "
                        + h.timeoutMillis() + " ms), " + h.unfinished() + " of " + h.others() + " emits for other "
                        + "keys on other threads could not finish: a lock is held across the sleep"))
                .toList());
    }
}
