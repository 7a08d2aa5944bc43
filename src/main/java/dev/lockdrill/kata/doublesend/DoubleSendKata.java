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

/** The double-send kata: how its check plugs into the pipeline. */
public final class DoubleSendKata extends DeclaredKata {
    public DoubleSendKata() {
        super("double-send", DoubleSendWorkload.class, Needs.POSTGRES);
    }

    /** Lost responses and timeouts make workers retry: only a key that is a function of the notification stops a second effect. */
    @Override
    public String lessonScenario() {
        return "faults-dedup";
    }

    @Override
    public List<Invariant> invariants() {
        return DoubleSendInvariants.all();
    }

    @Override
    public Metrics metrics() {
        return new DoubleSendMetrics();
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
                        .judgedBy("exactly-one-effect", "key-is-pure-function")
                        .at("drain-dedup", "faults-dedup", "identical-payloads"),
                Clause.of("C2", """
                        Nothing is lost: every notification is delivered and ends `sent`; only a permanent
                        rejection ends `failed`; a 409, a lost request and a lost response are all retried.""")
                        .judgedBy("none-lost")
                        .at("faults-dedup", "faults-push", "identical-payloads"),
                Clause.of("C3", """
                        The `sent` mark becomes visible (commits) only after the provider delivered. Marking
                        inside a transaction that commits after the send is fine: the commit's time is judged.""")
                        .judgedBy("marked-after-delivery")
                        .at("faults-dedup", "faults-push"),
                Clause.of("C4", """
                        With the push provider, no duplicate without a fault; under faults at most one per
                        injected fault or expired lease, and every push of a notification has the same
                        collapse id.""")
                        .judgedBy("duplicates-bounded", "duplicates-share-collapse-id")
                        .at("drain-push", "faults-push"),
                Clause.of("C5", """
                        Leases are taken as asked (the constructor's `Duration`, database time), never
                        overlap, and only their holder — or a session holding the row's lock — changes a row;
                        a finished row is not changed again.""")
                        .judgedBy("leases-as-asked", "leases-never-overlap", "only-lease-holder-writes")
                        .at("drain-dedup", "faults-dedup", "faults-push"),
                Clause.of("C6", """
                        `drainOnce()` handles provider errors itself; it throws only when its worker crashed.""")
                        .judgedBy("no-unexpected-errors")
                        .at("drain-dedup", "drain-push", "faults-dedup", "faults-push", "identical-payloads"));
    }

    @Override
    public int lanes() {
        return DoubleSendWorkload.LANES.size();
    }
}
