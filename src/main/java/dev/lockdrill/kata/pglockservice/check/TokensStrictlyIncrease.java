package dev.lockdrill.kata.pglockservice.check;

import dev.lockdrill.check.Evidence;
import dev.lockdrill.check.Invariant;
import dev.lockdrill.check.InvariantResult;
import dev.lockdrill.history.History;

import java.util.ArrayList;
import java.util.List;

/** A later grant of a name carries a strictly higher fencing token; two grants never share one. */
public final class TokensStrictlyIncrease implements Invariant {
    @Override
    public String name() {
        return "tokens-strictly-increase";
    }

    @Override
    public String description() {
        return "each grant of a lock gets a token strictly higher than every earlier grant's";
    }

    @Override
    public InvariantResult check(History history) {
        LockFacts facts = new LockFacts(history);
        List<Evidence> evidence = new ArrayList<>();
        for (Grant earlier : facts.grants()) {
            for (Grant later : facts.grants(earlier.name())) {
                boolean ordered = earlier.dbAfter() <= later.dbBefore();
                boolean shared = later != earlier && later.token() == earlier.token()
                        && earlier.acquire().id() < later.acquire().id();
                if (shared || ordered && later.token() <= earlier.token()) {
                    evidence.add(new Evidence(facts.describe(earlier) + "; then " + facts.describe(later)
                            + (shared ? " — the same token twice" : " — the token went down"),
                            List.of(earlier.acquire().id(), later.acquire().id())));
                }
            }
        }
        return failIfAny(evidence);
    }
}
