package dev.lockdrill.kata.fencingtoken.check;

import dev.lockdrill.check.Evidence;
import dev.lockdrill.check.Invariant;
import dev.lockdrill.check.InvariantResult;
import dev.lockdrill.history.History;
import dev.lockdrill.history.Op;

import java.util.ArrayList;
import java.util.List;

/**
 * A client that does not know whether its write landed retries the same (token, value). Unless a
 * higher token came in between, that retry must be accepted, not reported as stale.
 */
public final class RetryIsIdempotent implements Invariant {
    @Override
    public String name() {
        return "retry-is-idempotent";
    }

    @Override
    public String description() {
        return "retrying the same (token, value) is accepted unless a higher token was written";
    }

    @Override
    public InvariantResult check(History history) {
        FencingFacts facts = new FencingFacts(history);
        List<Evidence> evidence = new ArrayList<>();
        int judged = 0;
        for (Op retry : facts.writes()) {
            if (!retry.ok() || !facts.isRetry(retry)) {
                continue;
            }
            judged++;
            if (!FencingFacts.rejected(retry)) {
                continue;
            }
            boolean higherExisted = facts.higherTokenMayPrecede(retry);
            if (!higherExisted) {
                evidence.add(Evidence.of(FencingFacts.describe(retry) + " — a retry of the same token and value, "
                        + "with no higher token written since, must be accepted", retry.id()));
            }
        }
        return judged == 0 ? notExercised("no retry of a write completed") : failIfAny(evidence);
    }
}
