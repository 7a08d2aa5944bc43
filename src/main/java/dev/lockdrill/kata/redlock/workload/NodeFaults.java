package dev.lockdrill.kata.redlock.workload;

import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * What the harness does to one node's traffic, through every client's proxy to it: delay its
 * replies, drop every command for chosen clients (a node they cannot reach), let one client's
 * first command on a key reach the node before another client's (a forced race), or act between
 * two of one client's own commands on a key (the first answered, the next held until it is done).
 */
final class NodeFaults {
    private volatile long delayMillis;
    private final Set<String> unreachableFor = ConcurrentHashMap.newKeySet();
    private volatile Race race;
    final AtomicInteger delayed = new AtomicInteger();
    final AtomicInteger dropped = new AtomicInteger();

    void delay(long millis) {
        delayMillis = millis;
    }

    long delayMillis() {
        return delayMillis;
    }

    void unreachable(String worker, boolean unreachable) {
        if (unreachable) {
            unreachableFor.add(worker);
        } else {
            unreachableFor.remove(worker);
        }
    }

    boolean unreachableFor(String worker) {
        return unreachableFor.contains(worker);
    }

    void race(String key, String first, String second) {
        race = new Race(key, first, second);
    }

    Race race() {
        return race;
    }

    private volatile Between between;

    Between between(String worker, String key, Runnable action) {
        Between armed = new Between(worker, key, action);
        between = armed;
        return armed;
    }

    void clearBetween() {
        between = null;
    }

    Between between() {
        return between;
    }

    /**
     * Once the worker's first command on the key at this node has been answered, its next command on
     * the key waits at the proxy while the action runs (once): a client stopped between two of its own
     * commands, and the world moving on meanwhile.
     */
    static final class Between {
        final String worker;
        final String key;
        private final Runnable action;
        private final java.util.concurrent.atomic.AtomicBoolean answered = new java.util.concurrent.atomic.AtomicBoolean();
        private final java.util.concurrent.atomic.AtomicBoolean done = new java.util.concurrent.atomic.AtomicBoolean();

        Between(String worker, String key, Runnable action) {
            this.worker = worker;
            this.key = key;
            this.action = action;
        }

        boolean concerns(String worker, java.util.List<String> words) {
            return this.worker.equals(worker) && words.contains(key);
        }

        void beforeForward() {
            if (answered.get() && done.compareAndSet(false, true)) {
                action.run();
            }
        }

        void answered() {
            answered.set(true);
        }

        boolean landed() {
            return done.get();
        }
    }

    /** The second client's first command on the key waits until the first client's has been answered. */
    static final class Race {
        private static final long MAX_WAIT_MILLIS = 600;
        final String key;
        final String first;
        final String second;
        private final CountDownLatch firstAnswered = new CountDownLatch(1);
        private final Set<String> seen = ConcurrentHashMap.newKeySet();
        final AtomicInteger honoured = new AtomicInteger();
        final AtomicInteger missed = new AtomicInteger();

        Race(String key, String first, String second) {
            this.key = key;
            this.first = first;
            this.second = second;
        }

        /** True when this command is the worker's first on the key at this node. */
        boolean firstOnKey(String worker, java.util.List<String> words) {
            return words.contains(key) && seen.add(worker);
        }

        void beforeForward(String worker) throws InterruptedException {
            if (worker.equals(second)) {
                if (firstAnswered.await(MAX_WAIT_MILLIS, TimeUnit.MILLISECONDS)) {
                    honoured.incrementAndGet();
                } else {
                    missed.incrementAndGet();
                }
            }
        }

        void answered(String worker) {
            if (worker.equals(first)) {
                firstAnswered.countDown();
            }
        }
    }
}
