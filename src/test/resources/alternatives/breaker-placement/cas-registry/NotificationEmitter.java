package katas.breakerplacement;

import dev.lockdrill.katas.api.emitter.BreakerFactory;
import dev.lockdrill.katas.api.emitter.Emitter;
import dev.lockdrill.katas.api.emitter.EmitterBreaker;
import dev.lockdrill.katas.api.emitter.Event;
import dev.lockdrill.katas.api.emitter.Outbox;
import dev.lockdrill.katas.api.emitter.PlatformClient;
import dev.lockdrill.katas.api.emitter.Sleeper;
import dev.lockdrill.katas.api.emitter.TransientPlatformException;

import java.time.Duration;
import java.util.Map;
import java.util.SplittableRandom;

/**
 * Breakers in a lock-free registry (an immutable map swapped by compare-and-set); each answer is
 * looked up in a {@link Disposition} table. Backoff is "equal jitter" capped at 400 ms.
 */
public final class NotificationEmitter implements Emitter {
    private static final int ATTEMPTS = 3;

    private final Map<String, PlatformClient> clients;
    private final BreakerRegistry registry;
    private final Sleeper sleeper;
    private final Outbox outbox;
    private final SplittableRandom random;

    public NotificationEmitter(Map<String, PlatformClient> clients, BreakerFactory breakers, Sleeper sleeper,
                               Outbox outbox, long seed) {
        this.clients = clients;
        this.registry = new BreakerRegistry(breakers);
        this.sleeper = sleeper;
        this.outbox = outbox;
        this.random = new SplittableRandom(seed);
    }

    @Override
    public void emit(Event event) throws InterruptedException {
        EmitterBreaker breaker = registry.of(event.platform(), event.credential());
        Exception last = null;
        for (int attempt = 1; attempt <= ATTEMPTS; attempt++) {
            if (attempt > 1) {
                sleeper.sleep(backoff(attempt - 1));
            }
            if (!breaker.tryAcquirePermission()) {
                outbox.retryLater(event, Duration.ofSeconds(20));
                return;
            }
            long start = System.nanoTime();
            try {
                clients.get(event.platform()).send(event);
            } catch (Exception e) {
                Disposition disposition = Disposition.of(e);
                if (disposition.releasesPermit) {
                    breaker.releasePermission();
                } else {
                    breaker.onError(System.nanoTime() - start, e);
                }
                if (disposition == Disposition.ITEM) {
                    outbox.deadLetter(event, "item: " + e.getMessage());
                    return;
                }
                if (disposition == Disposition.RATE_LIMITED) {
                    outbox.retryLater(event, ((TransientPlatformException) e).retryAfter().orElseThrow());
                    return;
                }
                if (disposition == Disposition.CREDENTIAL) {
                    outbox.retryLater(event, Duration.ofMinutes(5));
                    return;
                }
                last = e;
                continue;
            }
            breaker.onSuccess(System.nanoTime() - start);
            outbox.delivered(event);
            return;
        }
        outbox.deadLetter(event, ATTEMPTS + " attempts failed: " + last.getMessage());
    }

    private Duration backoff(int retry) {
        long delay = Math.min(400, 100L << (retry - 1));
        return Duration.ofMillis(delay / 2 + random.nextLong(delay / 2 + 1));
    }
}
