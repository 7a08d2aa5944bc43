package dev.lockdrill.kata.fencingtoken;

import dev.lockdrill.check.Invariant;
import dev.lockdrill.check.Metrics;
import dev.lockdrill.kata.Clause;
import dev.lockdrill.kata.DeclaredKata;
import dev.lockdrill.kata.Needs;
import dev.lockdrill.kata.fencingtoken.check.FencingTokenInvariants;
import dev.lockdrill.kata.fencingtoken.check.FencingMetrics;
import dev.lockdrill.kata.fencingtoken.workload.FencingTokenWorkload;

import java.util.List;

/** The fencing-token kata: how its check plugs into the pipeline. */
public final class FencingTokenKata extends DeclaredKata {
    public FencingTokenKata() {
        super("fencing-token", FencingTokenWorkload.class, Needs.POSTGRES);
    }

    @Override
    public String lessonScenario() {
        return "paused-holder";
    }

    @Override
    public List<Invariant> invariants() {
        return FencingTokenInvariants.all();
    }

    @Override
    public Metrics metrics() {
        return new FencingMetrics();
    }

    @Override
    public List<String> timingDependent() {
        return List.of("the order in which ten-writers' ten concurrent writes reach PostgreSQL",
                "how many 5 ms retries worker-2's lease takes in paused-holder");
    }

    @Override
    public List<Clause> contract() {
        return List.of(
                new Clause("C1", "a write below an already written token is refused",
                        List.of("stale-write-rejected"),
                        List.of("paused-holder", "digit-boundary", "stalled-round-trip", "ten-writers")),
                new Clause("C2", "in storage (commit) order a key's tokens never go down",
                        List.of("accepted-tokens-monotonic"),
                        List.of("stalled-round-trip", "ten-writers", "killed-mid-write")),
                new Clause("C3", "a token >= every written one is accepted: equal token with another value, past 2^31, "
                        + "after racing a lower one to a key's first row",
                        List.of("fresh-write-accepted"),
                        List.of("digit-boundary", "paused-holder", "stalled-round-trip", "killed-mid-write",
                                "ten-writers")),
                new Clause("C4", "resending the same (token, value) is accepted, before or after its effect",
                        List.of("retry-is-idempotent"), List.of("digit-boundary", "killed-mid-write", "reply-lost")),
                new Clause("C5", "write() says true exactly when the storage applied the write; unknown (a reply lost "
                        + "after the effect) is an exception",
                        List.of("outcome-matches-storage", "fresh-write-accepted"),
                        List.of("digit-boundary", "killed-mid-write", "ten-writers", "reply-lost")),
                new Clause("C6", "each key ends with its highest accepted token and read() returns it (a read whose "
                        + "reply was lost throws, never answers nothing)",
                        List.of("final-value-is-last-accepted"),
                        List.of("digit-boundary", "paused-holder", "stalled-round-trip", "killed-mid-write",
                                "ten-writers", "reply-lost")),
                new Clause("C7", "the store survives killed sessions and answers without errors, many at once",
                        List.of("survives-killed-connection", "no-unexpected-errors"),
                        List.of("killed-mid-write", "ten-writers", "reply-lost")));
    }
}
