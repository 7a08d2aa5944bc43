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
 * Delivers events with Retry(CircuitBreaker(call)): each attempt asks the breaker of the event's
 * (platform, credential) for a permit, and each answer is sorted by what it belongs to. An open
 * breaker defers the event instead of spending attempts on it. A platform failure (503) counts
 * against the key and is retried, at most 3 attempts in all (the first try and 2 retries). A 403 is
 * read by its headers and body, never by its code: with x-ratelimit-remaining 0 or retry-after it
 * is a rate limit, and with "Resource not accessible by integration" it refuses one item. A rate
 * limit (429 or such a 403) is our pace: the permit is released and the event deferred for its
 * Retry-After. A rejected credential (401, or an auth-level 403) counts against the key but is not
 * retried: the event waits for the credential to be fixed. An item error (404/410/422, or a 403
 * refusing one resource) is the item's fault: the permit is released (neither failure nor success)
 * and the event goes straight to the dead-letter queue.
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
                if (e.resourceRefused()) {
                    breaker.releasePermission();
                    outbox.deadLetter(event, "resource refused: " + e.getMessage());
                    return;
                }
                if (e.rateLimited() || e.retryAfter().isPresent()) {
                    breaker.releasePermission();
                    outbox.retryLater(event, e.retryAfter().orElse(RETRY_LATER));
                    return;
                }
                breaker.onError(System.nanoTime() - start, e);
                if (e.credentialRejected()) {
                    outbox.retryLater(event, RETRY_LATER);
                    return;
                }
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
