package dev.lockdrill.kata.redlock.workload;

import dev.lockdrill.harness.RoundTripHook;
import dev.lockdrill.harness.Workers;
import dev.lockdrill.history.Faults;
import dev.lockdrill.kata.redlock.protocol.RedlockFaults;
import dev.lockdrill.kata.redlock.protocol.Roles;
import dev.lockdrill.katas.api.redlock.Lease;
import dev.lockdrill.katas.api.redlock.Redlock;
import redis.clients.jedis.params.SetParams;

import java.util.List;
import java.util.Optional;
import java.util.concurrent.Future;

/**
 * w-a wins A, B and C (another client holds D and E) and stops before its first database round
 * trip; node C restarts empty; w-b wins C, D and E, is granted and writes; then w-a goes on, well
 * inside its validity. Two majorities at once: whichever asks the database second must not override
 * the other. A token drawn after the majority lets w-a (the older majority) draw after w-b and
 * override it; a grant the database orders refuses w-a while w-b's lease is live.
 */
final class RestartBeforeTokenScenario implements RedlockScenario {
    static final long TTL_MILLIS = 3_000;
    static final String OTHER = "another-client-holds-this";

    @Override
    public String name() {
        return "restart-before-token";
    }

    @Override
    public String summary() {
        return "w-a wins A, B, C and stops before its token; C restarts empty; w-b wins C, D, E and writes; "
                + "w-a goes on; w-b writes again";
    }

    @Override
    public void run(RedlockRig rig) throws Exception {
        String resource = rig.resource("job");
        Redlock a = rig.client("w-a");
        Redlock b = rig.client("w-b");
        HoldFirstRoundTrip hold = new HoldFirstRoundTrip(HoldFirstRoundTrip.Side.BEFORE_THE_SERVER, 10_000);
        List<String> taken = List.of("D", "E");
        taken.forEach(n -> rig.nodes().direct(n).set(resource, OTHER, SetParams.setParams().px(10_000)));
        rig.dataSourceOf("w-a").hook(hold);
        long start = rig.recorder().now();
        Optional<Lease> old;
        Optional<Lease> current = Optional.empty();
        boolean held;
        boolean restarted = false;
        int granted = 0;
        try (Workers workers = new Workers()) {
            // Whether w-a gets a lease depends on who asks the database first: no lease is expected.
            Future<Optional<Lease>> pending = workers.start("w-a",
                    () -> rig.acquire("w-a", a, resource, TTL_MILLIS, false));
            held = hold.awaitHeld(pending::isDone, 5_000);
            try {
                taken.forEach(n -> rig.nodes().direct(n).del(resource));
                if (held) {
                    granted = rig.nodesGranting("w-a", resource, start);
                    restarted = granted >= 3 && rig.nodes().restartEmpty("C");
                }
                if (restarted) {
                    current = rig.acquire("w-b", b, resource, TTL_MILLIS, true);
                }
                if (current.isPresent()) {
                    rig.write("w-b", b, current.get(), Roles.CURRENT, "written-by-w-b");
                    rig.unfencedWrite("w-b", current.get(), "written-by-w-b");
                }
            } finally {
                hold.release();
            }
            old = Workers.await(pending);
        } finally {
            rig.dataSourceOf("w-a").hook(RoundTripHook.NONE);
        }
        rig.fault(RedlockFaults.NODE_RESTART, "node C", start, restarted, "node C killed with SIGKILL while w-a, "
                + "having won A, B, C, was stopped before its first database round trip, and started again empty");
        rig.fault(Faults.PAUSE, "w-a", start, held && restarted && current.isPresent(), !held
                ? "w-a's acquire made no database round trip, so there was no gap between its majority and a token "
                + "to pause in"
                : "w-a stopped inside acquire with " + granted + " of 5 nodes granting it, before its first database "
                + "round trip (" + hold.heldStatement() + "); meanwhile " + (current.isPresent()
                ? "w-b won C, D, E and wrote: two majorities at once; then w-a went on and "
                + (old.isPresent() ? "got a lease too" : "got no lease") : "w-b got no lease"));
        if (old.isPresent()) {
            rig.unfencedWrite("w-a", old.get(), "written-by-w-a");
            rig.write("w-a", a, old.get(), current.isPresent() ? Roles.STALE : Roles.CURRENT, "written-by-w-a");
        }
        if (current.isPresent()) {
            rig.write("w-b", b, current.get(), Roles.CURRENT, "written-again-by-w-b");
            rig.release("w-b", b, current.get());
        }
        if (old.isPresent()) {
            rig.release("w-a", a, old.get());
        }
    }
}
