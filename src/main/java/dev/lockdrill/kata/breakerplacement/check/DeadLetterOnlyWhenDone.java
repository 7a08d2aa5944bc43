package dev.lockdrill.kata.breakerplacement.check;

import dev.lockdrill.check.Evidence;
import dev.lockdrill.check.Invariant;
import dev.lockdrill.check.InvariantResult;
import dev.lockdrill.history.History;
import dev.lockdrill.kata.breakerplacement.protocol.EmitterOp;
import dev.lockdrill.kata.breakerplacement.protocol.PlatformCall;

import java.util.ArrayList;
import java.util.List;

/**
 * The dead-letter queue holds only events that are done for: an item error, or exactly three
 * attempts (the first try and two retries) that the platform failed. Two failed attempts are one
 * short of the limit; a fourth is one past it (at-most-three-attempts-jittered judges that).
 */
public final class DeadLetterOnlyWhenDone implements Invariant {
    static final int ATTEMPTS = 3;

    @Override
    public String name() {
        return "dead-letter-only-when-done";
    }

    @Override
    public String description() {
        return "an event is dead-lettered only for an item error or after all 3 attempts failed";
    }

    @Override
    public InvariantResult check(History history) {
        EmitterFacts facts = new EmitterFacts(history);
        List<Evidence> evidence = new ArrayList<>();
        int judged = 0;
        for (String scenario : facts.scenarios()) {
            for (EmitRecord emit : facts.emits(scenario)) {
                if (!emit.endedWith(EmitterOp.DEAD_LETTER) || emit.permanent()) {
                    continue;
                }
                judged++;
                List<PlatformCall> answers = emit.answers();
                boolean allFailed = answers.stream().noneMatch(PlatformCall::ok);
                if (answers.size() < ATTEMPTS || !allFailed) {
                    evidence.add(Evidence.of(scenario + ": " + emit.describe() + " — dead-lettered after "
                            + answers.size() + " of its " + ATTEMPTS + " attempts", emit.emit().id()));
                }
            }
        }
        if (judged == 0) {
            return notExercised("no event was dead-lettered for a platform failure");
        }
        return failIfAny(Evidence.capped(evidence, 5));
    }
}
