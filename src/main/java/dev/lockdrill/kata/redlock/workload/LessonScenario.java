package dev.lockdrill.kata.redlock.workload;

import dev.lockdrill.kata.redlock.protocol.Roles;
import dev.lockdrill.katas.api.redlock.Lease;
import dev.lockdrill.katas.api.redlock.Redlock;

import java.sql.SQLException;

/**
 * The end of every scenario that breaks the lock itself: the new holder w-b writes and (for the
 * paused holder) finishes; then the old holder w-a, who still believes it holds the lock, writes
 * too. The harness also makes both writes without any fence, to show what the lock alone allows.
 */
final class LessonScenario {
    private LessonScenario() {
    }

    /**
     * After a restart or a clock jump broke w-a's majority, w-b asks for the lock: both majorities can
     * be had, but a grant the database orders is refused while w-a's lease is live, so no lease is owed.
     */
    static void afterTheLockBroke(RedlockRig rig, Redlock a, Lease old, Redlock b) throws SQLException {
        long asked = rig.recorder().now();
        java.util.Optional<Lease> current = rig.acquire("w-b", b, old.resource(),
                NodeRestartScenario.SplitAcquire.TTL_MILLIS, false);
        if (current.isPresent()) {
            twoHolders(rig, a, old, b, current.get(), false);
        } else {
            oneHolder(rig, a, old, asked);
        }
    }

    /**
     * The nodes' lock broke (a restart, a clock jump) but w-b got no lease: the grant it needed was
     * refused while w-a's was live. If the nodes gave w-b a majority, the harness still makes both
     * unfenced writes, to show what the lock alone would have allowed; w-a, still the holder, writes.
     */
    static void oneHolder(RedlockRig rig, Redlock a, Lease old, long since) throws SQLException {
        if (rig.nodesGranting("w-b", old.resource(), since) >= 3) {
            rig.unfencedWrite("w-b", old.resource(), "written-by-w-b");
            rig.unfencedWrite("w-a", old.resource(), "written-by-w-a");
        }
        rig.write("w-a", a, old, Roles.CURRENT, "written-by-w-a");
        rig.release("w-a", a, old);
    }

    static void twoHolders(RedlockRig rig, Redlock a, Lease old, Redlock b, Lease current, boolean newHolderFinishes)
            throws SQLException {
        rig.write("w-b", b, current, Roles.CURRENT, "written-by-w-b");
        rig.unfencedWrite("w-b", current, "written-by-w-b");
        if (newHolderFinishes) {
            rig.release("w-b", b, current);
        }
        rig.unfencedWrite("w-a", old, "written-by-w-a");
        rig.write("w-a", a, old, Roles.STALE, "written-by-w-a");
        rig.release("w-a", a, old);
        if (!newHolderFinishes) {
            rig.release("w-b", b, current);
        }
    }
}
