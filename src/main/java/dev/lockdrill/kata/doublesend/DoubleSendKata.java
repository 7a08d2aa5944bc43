package dev.lockdrill.kata.doublesend;

import dev.lockdrill.check.Invariant;
import dev.lockdrill.check.Metrics;
import dev.lockdrill.kata.Clause;
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
    public List<Clause> contract() {
        return List.of(
                new Clause("C1", "with the dedup provider each notification takes effect exactly once: every request "
                        + "for it, by any worker after any fault, carries one idempotency key that is a pure function "
                        + "of the notification and unique to it (two notifications with the same recipient and body "
                        + "are two notifications)",
                        List.of("exactly-one-effect", "key-is-pure-function"),
                        List.of("drain-dedup", "faults-dedup", "identical-payloads")),
                new Clause("C2", "nothing is lost: every notification is delivered and ends sent; only a permanent "
                        + "rejection ends failed; a 409, a lost request and a lost response are all retried",
                        List.of("none-lost"), List.of("faults-dedup", "faults-push", "identical-payloads")),
                new Clause("C3", "the sent mark becomes visible (commits) only after the provider delivered; marking "
                        + "inside a transaction that commits after the send is fine",
                        List.of("marked-after-delivery"), List.of("faults-dedup", "faults-push")),
                new Clause("C4", "with the push provider, no duplicate without a fault; under faults at most one per "
                        + "injected fault or expired lease, every push of a notification with the same collapse id",
                        List.of("duplicates-bounded", "duplicates-share-collapse-id"),
                        List.of("drain-push", "faults-push")),
                new Clause("C5", "leases are taken as asked, in database time, never overlap, and only their holder "
                        + "(or the session holding the row's lock) changes a row; a finished row is not changed",
                        List.of("leases-as-asked", "leases-never-overlap", "only-lease-holder-writes"),
                        List.of("drain-dedup", "faults-dedup", "faults-push")),
                new Clause("C6", "drainOnce() handles provider errors itself: it throws only when its worker crashed "
                        + "or a database call's outcome is unknown (C7)",
                        List.of("no-unexpected-errors"),
                        List.of("drain-dedup", "drain-push", "faults-dedup", "faults-push", "identical-payloads",
                                "reply-lost")),
                new Clause("C7", "a database reply lost after the server acted (a claim or a sent mark committed, then "
                        + "the connection dropped) is an unknown outcome: drainOnce() throws it or finds out, never "
                        + "takes it for 'not done'; a notification whose sent mark committed is not recorded failed, "
                        + "put back to be retried, or sent again",
                        List.of("none-lost", "only-lease-holder-writes", "duplicates-bounded"),
                        List.of("reply-lost")));
    }

    @Override
    public int lanes() {
        return DoubleSendWorkload.LANES.size();
    }
}
