package dev.lockdrill.kata.redlock.workload;

import dev.lockdrill.harness.RoundTripHook;
import dev.lockdrill.harness.Workers;
import dev.lockdrill.history.Faults;
import dev.lockdrill.kata.redlock.protocol.Roles;
import dev.lockdrill.katas.api.redlock.Lease;
import dev.lockdrill.katas.api.redlock.Redlock;

import java.util.Optional;
import java.util.concurrent.Future;

/**
 * w-a stops inside its acquire, between its majority and its first database round trip (where a
 * fencing token is drawn or a grant taken), on one side of that round trip, until its keys have
 * expired on every node; w-b takes the lock, writes and finishes; then w-a goes on. A token drawn
 * after the majority is larger than w-b's: only a grant the database orders, or a validity counted
 * to the return, keeps w-a's stale lease from writing.
 */
final class PausedBeforeTokenScenario implements RedlockScenario {
    static final long TTL_MILLIS = 500;
    private final HoldFirstRoundTrip.Side side;

    PausedBeforeTokenScenario(HoldFirstRoundTrip.Side side) {
        this.side = side;
    }

    @Override
    public String name() {
        return side == HoldFirstRoundTrip.Side.BEFORE_THE_SERVER ? "paused-before-token" : "token-reply-held";
    }

    @Override
    public String summary() {
        return "w-a stops between its majority and its token (" + side.text + ") until its keys expired; "
                + "w-b takes the lock, writes, finishes";
    }

    @Override
    public void run(RedlockRig rig) throws Exception {
        String resource = rig.resource("job");
        Redlock a = rig.client("w-a");
        Redlock b = rig.client("w-b");
        HoldFirstRoundTrip hold = new HoldFirstRoundTrip(side, 10_000);
        rig.dataSourceOf("w-a").hook(hold);
        long start = rig.recorder().now();
        Optional<Lease> old;
        Optional<Lease> current = Optional.empty();
        boolean held;
        int granted = 0;
        try (Workers workers = new Workers()) {
            // Its time runs out while it is stopped: giving up is as right as starting again.
            Future<Optional<Lease>> pending = workers.start("w-a",
                    () -> rig.acquire("w-a", a, resource, TTL_MILLIS, false));
            held = hold.awaitHeld(pending::isDone, 5_000);
            try {
                if (held) {
                    granted = rig.nodesGranting("w-a", resource, start);
                    if (rig.awaitFree(resource, 3_000)) {
                        current = rig.acquire("w-b", b, resource, 3_000, true);
                    }
                }
                if (current.isPresent()) {
                    rig.write("w-b", b, current.get(), Roles.CURRENT, "written-by-w-b");
                    rig.unfencedWrite("w-b", current.get(), "written-by-w-b");
                    rig.release("w-b", b, current.get());
                }
            } finally {
                hold.release();
            }
            old = Workers.await(pending);
        } finally {
            rig.dataSourceOf("w-a").hook(RoundTripHook.NONE);
        }
        long pausedMillis = (rig.recorder().now() - start) / 1_000_000;
        rig.fault(Faults.PAUSE, "w-a", start, held && current.isPresent(), !held
                ? "w-a's acquire made no database round trip" + (side == HoldFirstRoundTrip.Side.REPLY_HELD
                ? " that committed" : "") + ", so there was no gap between its majority and a token to pause in"
                : "w-a stopped about " + pausedMillis + " ms inside acquire, " + granted + " of 5 nodes having granted "
                + "it, " + side.text + " (" + hold.heldStatement() + "); its keys "
                + "expired on every node and " + (current.isPresent() ? "w-b took the lock, wrote and finished"
                : "w-b did not get the lock"));
        if (old.isEmpty()) {
            return;
        }
        // Its lease is current only when its value holds a majority as acquire returns (it began again).
        boolean fresh = RedlockRig.holding(rig.nodes().snapshot(resource), old.get().value()) >= 3;
        String role = fresh || current.isEmpty() ? Roles.CURRENT : Roles.STALE;
        if (Roles.STALE.equals(role)) {
            rig.unfencedWrite("w-a", old.get(), "written-by-w-a");
        }
        rig.write("w-a", a, old.get(), role, "written-by-w-a");
        rig.release("w-a", a, old.get());
    }
}
