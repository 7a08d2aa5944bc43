package dev.lockdrill.kata.circuitbreaker.workload;

import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The gate of half-open-race: racers meet at the ticker read; one that holds a lock there lets the
 * others in as soon as they are all queued on it, not after a quiet period each.
 */
class RendezvousTest {
    private static final long QUIET_MS = 2_000;

    @Test
    void racersQueuedOnALockHeldAtTheGateAreLetThroughAtOnce() throws Exception {
        Rendezvous gate = new Rendezvous(8, QUIET_MS);
        Object breakerLock = new Object();
        long elapsed = race(8, gate, () -> {
            synchronized (breakerLock) {
                gate.arrive();
            }
        });
        // without the look at who is queued on the lock, the gate opens only once the quiet period is over
        assertThat(elapsed).isLessThan(TimeUnit.MILLISECONDS.toNanos(QUIET_MS));
    }

    @Test
    void racersWithoutALockMeetAndGoTogether() throws Exception {
        Rendezvous gate = new Rendezvous(8, QUIET_MS);
        long elapsed = race(8, gate, gate::arrive);
        assertThat(elapsed).isLessThan(TimeUnit.MILLISECONDS.toNanos(QUIET_MS));
    }

    @Test
    void aRacerStillOnItsWayIsWaitedFor() throws Exception {
        Rendezvous gate = new Rendezvous(2, QUIET_MS);
        AtomicLong firstLeft = new AtomicLong();
        AtomicLong secondArrived = new AtomicLong();
        race(gate, List.of(() -> {
            gate.arrive();
            firstLeft.set(System.nanoTime());
        }, () -> {
            try {
                Thread.sleep(300); // parked with no lock owner: it may still come
            } catch (InterruptedException e) {
                return;
            }
            secondArrived.set(System.nanoTime());
            gate.arrive();
        }));
        assertThat(firstLeft.get()).isGreaterThanOrEqualTo(secondArrived.get());
    }

    private static long race(int threads, Rendezvous gate, Runnable body) throws Exception {
        return race(gate, java.util.Collections.nCopies(threads, body));
    }

    /** Each body on a racer of its own, let go together once every racer has enlisted; the time they took. */
    private static long race(Rendezvous gate, List<Runnable> bodies) throws Exception {
        CountDownLatch enlisted = new CountDownLatch(bodies.size());
        CountDownLatch start = new CountDownLatch(1);
        List<Thread> racers = new ArrayList<>();
        for (Runnable body : bodies) {
            Thread racer = new Thread(() -> {
                gate.enlist();
                enlisted.countDown();
                try {
                    start.await();
                } catch (InterruptedException e) {
                    return;
                }
                body.run();
            });
            racers.add(racer);
            racer.start();
        }
        enlisted.await();
        long begin = System.nanoTime();
        start.countDown();
        for (Thread racer : racers) {
            racer.join();
        }
        return System.nanoTime() - begin;
    }
}
