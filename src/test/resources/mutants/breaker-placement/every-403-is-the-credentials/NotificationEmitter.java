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
import java.util.Map;
import java.util.SplittableRandom;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Delivers events with Retry(CircuitBreaker(call)) and sorts each answer by what it belongs to —
 * except that it sorts a 403 by its code: "401 and 403 are the credential's", so every 403 counts
 * against the key and its event waits for the credential to be fixed. A rate-limit 403
 * (x-ratelimit-remaining 0 or retry-after) is pace, and a 403 "Resource not accessible by
 * integration" refuses one item: parked as a dead credential, that item comes back refused forever.
 */
public final class NotificationEmitter implements Emitter {
    static final int MAX_ATTEMPTS = 3;
    static final long BASE_DELAY_MILLIS = 100;
    static final Duration RETRY_LATER = Duration.ofSeconds(5);

    private final Map<String, PlatformClient> clients;
    private final BreakerFactory factory;
    private final Map<String, EmitterBreaker> breakers = new ConcurrentHashMap<>();
    private final Sleeper sleeper;
    private final Outbox outbox;
    private final SplittableRandom jitter;

    public NotificationEmitter(Map<String, PlatformClient> clients, BreakerFactory breakers, Sleeper sleeper,
                               Outbox outbox, long seed) {
        this.clients = clients;
        this.factory = breakers;
        this.sleeper = sleeper;
        this.outbox = outbox;
        this.jitter = new SplittableRandom(seed);
    }

    @Override
    public void emit(Event event) throws InterruptedException {
        PlatformClient client = clients.get(event.platform());
        EmitterBreaker breaker = breakers.computeIfAbsent(event.platform() + "\u0000" + event.credential(),
                key -> factory.create(event.platform(), event.credential()));
        for (int attempt = 1; ; attempt++) {
            if (!breaker.tryAcquirePermission()) {
                outbox.retryLater(event, RETRY_LATER);
                return;
            }
            long start = System.nanoTime();
            try {
                client.send(event);
                breaker.onSuccess(System.nanoTime() - start);
                outbox.delivered(event);
                return;
            } catch (PermanentItemException e) {
                breaker.releasePermission();
                outbox.deadLetter(event, "permanent: " + e.getMessage());
                return;
            } catch (TransientPlatformException e) {
                if (e.status() == 401 || e.status() == 403) {
                    breaker.onError(System.nanoTime() - start, e);
                    outbox.retryLater(event, RETRY_LATER);
                    return;
                }
                if (e.retryAfter().isPresent()) {
                    breaker.releasePermission();
                    outbox.retryLater(event, e.retryAfter().get());
                    return;
                }
                breaker.onError(System.nanoTime() - start, e);
                if (attempt == MAX_ATTEMPTS) {
                    outbox.deadLetter(event, "gave up after " + MAX_ATTEMPTS + " attempts: " + e.getMessage());
                    return;
                }
                sleeper.sleep(backoff(attempt));
            }
        }
    }

    /** Exponential backoff with "equal jitter": half the delay fixed, half random. */
    private Duration backoff(int attempt) {
        long delay = BASE_DELAY_MILLIS << (attempt - 1);
        return Duration.ofMillis(delay / 2 + jitter.nextLong(delay / 2 + 1));
    }
}
