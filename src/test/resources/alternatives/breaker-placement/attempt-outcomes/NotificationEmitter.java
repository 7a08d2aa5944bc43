package katas.breakerplacement;

import dev.lockdrill.katas.api.emitter.BreakerFactory;
import dev.lockdrill.katas.api.emitter.Emitter;
import dev.lockdrill.katas.api.emitter.EmitterBreaker;
import dev.lockdrill.katas.api.emitter.Event;
import dev.lockdrill.katas.api.emitter.Outbox;
import dev.lockdrill.katas.api.emitter.PermanentItemException;
import dev.lockdrill.katas.api.emitter.PlatformClient;
import dev.lockdrill.katas.api.emitter.Sleeper;
import dev.lockdrill.katas.api.emitter.TransientPlatformException;

import java.time.Duration;
import java.util.HashMap;
import java.util.Map;
import java.util.SplittableRandom;

/**
 * Breakers in a plain HashMap under the emitter's lock, keyed "platform|credential"; the backoff
 * is decorrelated jitter (each delay drawn between the base and three times the previous one).
 */
public final class NotificationEmitter implements Emitter {
    private final Map<String, PlatformClient> clients;
    private final BreakerFactory factory;
    private final Map<String, EmitterBreaker> breakers = new HashMap<>();
    private final Sleeper sleeper;
    private final Outbox outbox;
    private final SplittableRandom random;

    public NotificationEmitter(Map<String, PlatformClient> clients, BreakerFactory breakers, Sleeper sleeper,
                               Outbox outbox, long seed) {
        this.clients = clients;
        this.factory = breakers;
        this.sleeper = sleeper;
        this.outbox = outbox;
        this.random = new SplittableRandom(seed);
    }

    private synchronized EmitterBreaker breakerFor(Event event) {
        String key = event.platform() + "|" + event.credential();
        EmitterBreaker breaker = breakers.get(key);
        if (breaker == null) {
            breaker = factory.create(event.platform(), event.credential());
            breakers.put(key, breaker);
        }
        return breaker;
    }

    @Override
    public void emit(Event event) throws InterruptedException {
        EmitterBreaker breaker = breakerFor(event);
        long delay = 50;
        long retryAfter = 0;
        TransientPlatformException last = null;
        for (int attempt = 0; attempt < 3; attempt++) {
            if (attempt > 0) {
                delay = Math.min(1000, 50 + random.nextLong(delay * 3));
                sleeper.sleep(Duration.ofMillis(Math.max(delay, retryAfter)));
            }
            if (!breaker.tryAcquirePermission()) {
                outbox.retryLater(event, Duration.ofMinutes(1));
                return;
            }
            long start = System.nanoTime();
            try {
                clients.get(event.platform()).send(event);
            } catch (TransientPlatformException e) {
                if (e.resourceRefused()) {
                    breaker.releasePermission();
                    outbox.deadLetter(event, "resource refused (403): " + e.getMessage());
                    return;
                }
                breaker.onError(System.nanoTime() - start, e);
                retryAfter = e.retryAfter().map(Duration::toMillis).orElse(0L);
                if (e.credentialRejected() || retryAfter > 1000) {
                    outbox.retryLater(event, Duration.ofMillis(Math.max(retryAfter, 60_000)));
                    return;
                }
                last = e;
                continue;
            } catch (PermanentItemException e) {
                breaker.releasePermission();
                outbox.deadLetter(event, "permanent " + e.status());
                return;
            }
            breaker.onSuccess(System.nanoTime() - start);
            outbox.delivered(event);
            return;
        }
        outbox.deadLetter(event, "exhausted: " + last.getMessage());
    }
}
