package dev.lockdrill.kata.doublesend;

import dev.lockdrill.check.Invariant;
import dev.lockdrill.check.Metrics;
import dev.lockdrill.kata.Clause;
import dev.lockdrill.kata.Contract;
import dev.lockdrill.kata.DeclaredKata;
import dev.lockdrill.kata.Needs;
import dev.lockdrill.kata.doublesend.check.DoubleSendInvariants;
import dev.lockdrill.kata.doublesend.check.DoubleSendMetrics;
import dev.lockdrill.kata.doublesend.workload.DoubleSendWorkload;

import java.util.List;

import static dev.lockdrill.kata.doublesend.check.DoubleSendInvariants.DUPLICATES_BOUNDED;
import static dev.lockdrill.kata.doublesend.check.DoubleSendInvariants.DUPLICATES_SHARE_COLLAPSE_ID;
import static dev.lockdrill.kata.doublesend.check.DoubleSendInvariants.EXACTLY_ONE_EFFECT;
import static dev.lockdrill.kata.doublesend.check.DoubleSendInvariants.KEY_IS_PURE_FUNCTION;
import static dev.lockdrill.kata.doublesend.check.DoubleSendInvariants.LEASES_AS_ASKED;
import static dev.lockdrill.kata.doublesend.check.DoubleSendInvariants.LEASES_NEVER_OVERLAP;
import static dev.lockdrill.kata.doublesend.check.DoubleSendInvariants.MARKED_AFTER_DELIVERY;
import static dev.lockdrill.kata.doublesend.check.DoubleSendInvariants.NONE_LOST;
import static dev.lockdrill.kata.doublesend.check.DoubleSendInvariants.NO_UNEXPECTED_ERRORS;
import static dev.lockdrill.kata.doublesend.check.DoubleSendInvariants.ONLY_LEASE_HOLDER_WRITES;
import static dev.lockdrill.kata.doublesend.workload.DoubleSendWorkload.DRAIN_DEDUP;
import static dev.lockdrill.kata.doublesend.workload.DoubleSendWorkload.DRAIN_PUSH;
import static dev.lockdrill.kata.doublesend.workload.DoubleSendWorkload.FAULTS_DEDUP;
import static dev.lockdrill.kata.doublesend.workload.DoubleSendWorkload.FAULTS_PUSH;
import static dev.lockdrill.kata.doublesend.workload.DoubleSendWorkload.IDENTICAL_PAYLOADS;
import static dev.lockdrill.kata.doublesend.workload.DoubleSendWorkload.REPLY_LOST;

/** The double-send kata: how its check plugs into the pipeline. */
public final class DoubleSendKata extends DeclaredKata {
    public DoubleSendKata() {
        super("double-send", DoubleSendWorkload.class, DoubleSendWorkload.SCENARIOS, Needs.POSTGRES);
    }

    /** Lost responses and timeouts make workers retry: only a key that is a function of the notification stops a second effect. */
    @Override
    public String lessonScenario() {
        return FAULTS_DEDUP.name();
    }

    @Override
    public List<Invariant> invariants() {
        return DoubleSendInvariants.all();
    }

    @Override
    public Metrics metrics() {
        return new DoubleSendMetrics(DRAIN_DEDUP);
    }

    @Override
    public List<String> timingDependent() {
        return List.of("which of the ten (or six) workers claims each notification, and their 10 ms idle polls",
                "who resends a faulted notification, and whether the slow provider's request is answered first");
    }

    @Override
    public Contract contract() {
        return Contract.of("""
                Ten workers run `drainOnce()` at once, each its own process; a worker may crash at any point.""",
                Clause.of("C1", """
                        With the dedup provider, each notification takes effect exactly once: every request
                        for it — by any worker, after any fault — carries one idempotency key, a pure function
                        of the notification and unique to it. Two notifications with the same recipient and
                        the same body are still two notifications: the key cannot be derived from what is
                        sent.""")
                        .judgedBy(EXACTLY_ONE_EFFECT, KEY_IS_PURE_FUNCTION)
                        .at(DRAIN_DEDUP, FAULTS_DEDUP, IDENTICAL_PAYLOADS),
                Clause.of("C2", """
                        Nothing is lost: every notification is delivered and ends `sent`; only a permanent
                        rejection ends `failed`; a 409, a lost request and a lost response are all retried.""")
                        .judgedBy(NONE_LOST)
                        .at(FAULTS_DEDUP, FAULTS_PUSH, IDENTICAL_PAYLOADS),
                Clause.of("C3", """
                        The `sent` mark becomes visible (commits) only after the provider delivered. Marking
                        inside a transaction that commits after the send is fine: the commit's time is judged.""")
                        .judgedBy(MARKED_AFTER_DELIVERY)
                        .at(FAULTS_DEDUP, FAULTS_PUSH),
                Clause.of("C4", """
                        With the push provider, no duplicate without a fault; under faults at most one per
                        injected fault or expired lease, and every push of a notification has the same
                        collapse id.""")
                        .judgedBy(DUPLICATES_BOUNDED, DUPLICATES_SHARE_COLLAPSE_ID)
                        .at(DRAIN_PUSH, FAULTS_PUSH),
                Clause.of("C5", """
                        Leases are taken as asked (the constructor's `Duration`, database time), never
                        overlap, and only their holder — or a session holding the row's lock — changes a row;
                        a finished row is not changed again.""")
                        .judgedBy(LEASES_AS_ASKED, LEASES_NEVER_OVERLAP, ONLY_LEASE_HOLDER_WRITES)
                        .at(DRAIN_DEDUP, FAULTS_DEDUP, FAULTS_PUSH),
                Clause.of("C6", """
                        `drainOnce()` handles provider errors itself; it throws only when its worker crashed or a
                        database call's outcome is unknown (C7).""")
                        .judgedBy(NO_UNEXPECTED_ERRORS)
                        .at(DRAIN_DEDUP, DRAIN_PUSH, FAULTS_DEDUP, FAULTS_PUSH, IDENTICAL_PAYLOADS, REPLY_LOST),
                Clause.of("C7", """
                        A database reply lost after the server acted (a claim or a `sent` mark committed, then the
                        connection dropped before your code saw the answer) is an unknown outcome: `drainOnce()`
                        throws it or finds out, and never takes it for "not done". A notification whose `sent`
                        mark committed is not recorded `failed`, put back to be retried, or sent again; rows a
                        claim leased come back when their lease runs out.""")
                        .judgedBy(NONE_LOST, ONLY_LEASE_HOLDER_WRITES, DUPLICATES_BOUNDED)
                        .at(REPLY_LOST));
    }

    @Override
    public int lanes() {
        return DoubleSendWorkload.LANES.size();
    }

    @Override
    public int peakConnections(int lanes) {
        return 2 + 11 * lanes; // measured: 25, 49 and 82 for two processes of 1, 2 and 4 lanes
    }
}
