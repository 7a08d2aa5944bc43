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
 * Bug: "ignore the item error" done by reporting nothing. The permit is never given back; in
 * HALF_OPEN that trial is lost and the breaker can stay half-open for good.
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
                outbox.deadLetter(event, "permanent: " + e.getMessage());
                return;
            } catch (TransientPlatformException e) {
                if (e.resourceRefused()) {
                    breaker.releasePermission();
                    outbox.deadLetter(event, "resource refused: " + e.getMessage());
                    return;
                }
                if (e.retryAfter().isPresent()) {
                    breaker.releasePermission();
                    outbox.retryLater(event, e.retryAfter().get());
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
