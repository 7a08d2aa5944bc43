package dev.lockdrill.kata.fencingtoken;

import dev.lockdrill.check.Invariant;
import dev.lockdrill.check.Metrics;
import dev.lockdrill.kata.Clause;
import dev.lockdrill.kata.Contract;
import dev.lockdrill.kata.DeclaredKata;
import dev.lockdrill.kata.Needs;
import dev.lockdrill.kata.fencingtoken.check.FencingTokenInvariants;
import dev.lockdrill.kata.fencingtoken.check.FencingMetrics;
import dev.lockdrill.kata.fencingtoken.workload.FencingTokenWorkload;

import java.util.List;

import static dev.lockdrill.kata.fencingtoken.check.FencingTokenInvariants.ACCEPTED_TOKENS_MONOTONIC;
import static dev.lockdrill.kata.fencingtoken.check.FencingTokenInvariants.FINAL_VALUE_IS_LAST_ACCEPTED;
import static dev.lockdrill.kata.fencingtoken.check.FencingTokenInvariants.FRESH_WRITE_ACCEPTED;
import static dev.lockdrill.kata.fencingtoken.check.FencingTokenInvariants.NO_UNEXPECTED_ERRORS;
import static dev.lockdrill.kata.fencingtoken.check.FencingTokenInvariants.OUTCOME_MATCHES_STORAGE;
import static dev.lockdrill.kata.fencingtoken.check.FencingTokenInvariants.RETRY_IS_IDEMPOTENT;
import static dev.lockdrill.kata.fencingtoken.check.FencingTokenInvariants.STALE_WRITE_REJECTED;
import static dev.lockdrill.kata.fencingtoken.check.FencingTokenInvariants.SURVIVES_KILLED_CONNECTION;
import static dev.lockdrill.kata.fencingtoken.workload.FencingTokenWorkload.DIGIT_BOUNDARY;
import static dev.lockdrill.kata.fencingtoken.workload.FencingTokenWorkload.KILLED_MID_WRITE;
import static dev.lockdrill.kata.fencingtoken.workload.FencingTokenWorkload.PAUSED_HOLDER;
import static dev.lockdrill.kata.fencingtoken.workload.FencingTokenWorkload.REPLY_LOST;
import static dev.lockdrill.kata.fencingtoken.workload.FencingTokenWorkload.STALLED_ROUND_TRIP;
import static dev.lockdrill.kata.fencingtoken.workload.FencingTokenWorkload.TEN_WRITERS;

/** The fencing-token kata: how its check plugs into the pipeline. */
public final class FencingTokenKata extends DeclaredKata {
    public FencingTokenKata() {
        super("fencing-token", FencingTokenWorkload.class, FencingTokenWorkload.SCENARIOS, Needs.POSTGRES);
    }

    @Override
    public String lessonScenario() {
        return PAUSED_HOLDER.name();
    }

    @Override
    public List<Invariant> invariants() {
        return FencingTokenInvariants.all();
    }

    @Override
    public Metrics metrics() {
        return new FencingMetrics(FencingTokenWorkload.TEN_WRITERS);
    }

    @Override
    public List<String> timingDependent() {
        return List.of("the order in which ten-writers' ten concurrent writes reach PostgreSQL",
                "how many 5 ms retries worker-2's lease takes in paused-holder");
    }

    @Override
    public Contract contract() {
        return Contract.of("""
                Your `PostgresFencedStore` must honour these clauses. Each is judged by the invariants named
                and exercised at its boundaries by the scenarios named.""",
                Clause.of("C1", "stale writes are refused", """
                        A write whose token is lower than a token already written (and acknowledged before the
                        stale write began) for the same key changes nothing and returns false.""")
                        .judgedBy(STALE_WRITE_REJECTED)
                        .at(PAUSED_HOLDER, DIGIT_BOUNDARY, STALLED_ROUND_TRIP, TEN_WRITERS),
                Clause.of("C2", "storage order is token order", """
                        In the order the storage applied them (commit order per key), a key's tokens never go
                        down — the comparison and the write are one atomic step, not a read then a write.""")
                        .judgedBy(ACCEPTED_TOKENS_MONOTONIC)
                        .at(STALLED_ROUND_TRIP, TEN_WRITERS, KILLED_MID_WRITE),
                Clause.of("C3", "the current holder gets through", """
                        A write whose token is ≥ every token written so far is accepted: an equal token with
                        *another* value too (the holder writes twice), a token past 2^31 or 2^32 (tokens are
                        `long`), a first write to a key, the same worker's new token right after its old one
                        was fenced off, a write that raced a lower one to a key's first row.""")
                        .judgedBy(FRESH_WRITE_ACCEPTED)
                        .at(DIGIT_BOUNDARY, PAUSED_HOLDER, STALLED_ROUND_TRIP, KILLED_MID_WRITE, TEN_WRITERS),
                Clause.of("C4", "a retry is idempotent", """
                        Sending the same (token, value) again — because the connection died before, or after,
                        the write took effect — is accepted unless a higher token came in between.""")
                        .judgedBy(RETRY_IS_IDEMPOTENT)
                        .at(DIGIT_BOUNDARY, KILLED_MID_WRITE, REPLY_LOST),
                Clause.of("C5", "the answer is the truth", """
                        `true` exactly when the storage applied that (key, token, value), `false` exactly when
                        it did not; an unknown outcome (a COMMIT whose reply never came) is an exception,
                        never `false`.""")
                        .judgedBy(OUTCOME_MATCHES_STORAGE, FRESH_WRITE_ACCEPTED)
                        .at(DIGIT_BOUNDARY, KILLED_MID_WRITE, TEN_WRITERS, REPLY_LOST)
                        .note("`fresh-write-accepted` catches a `false` that hides an error."),
                Clause.of("C6", "reads and the final state", """
                        Each key ends with its highest accepted token, and `read` returns what the storage
                        holds; a read whose reply was lost throws, never answers "nothing".""")
                        .judgedBy(FINAL_VALUE_IS_LAST_ACCEPTED)
                        .at(DIGIT_BOUNDARY, PAUSED_HOLDER, STALLED_ROUND_TRIP, KILLED_MID_WRITE,
                                TEN_WRITERS, REPLY_LOST)
                        .note("reply-lost has the read whose reply is lost."),
                Clause.of("C7", "it keeps working", """
                        After its sessions are killed the store works on a new connection; calls return rather
                        than throw otherwise; ten instances write at once.""")
                        .judgedBy(SURVIVES_KILLED_CONNECTION, NO_UNEXPECTED_ERRORS)
                        .at(DIGIT_BOUNDARY, PAUSED_HOLDER, STALLED_ROUND_TRIP, KILLED_MID_WRITE, TEN_WRITERS,
                                REPLY_LOST));
    }
}
