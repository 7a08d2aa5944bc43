package katas.breakerplacement;

import dev.lockdrill.katas.api.emitter.BreakerFactory;
import dev.lockdrill.katas.api.emitter.Emitter;
import dev.lockdrill.katas.api.emitter.Event;
import dev.lockdrill.katas.api.emitter.Outbox;
import dev.lockdrill.katas.api.emitter.PermanentItemException;
import dev.lockdrill.katas.api.emitter.PlatformClient;
import dev.lockdrill.katas.api.emitter.Sleeper;
import dev.lockdrill.katas.api.emitter.TransientPlatformException;

import java.time.Duration;
import java.util.Map;
import java.util.SplittableRandom;

/**
 * Delivers events to GitHub, Azure DevOps and Notion: at most 3 attempts (the first try and 2
 * retries) with jittered exponential backoff, then the dead-letter queue. It has no circuit breaker
 * yet, so a revoked credential costs three calls and two sleeps per event, and everyone else waits
 * behind them.
 */
public final class NotificationEmitter implements Emitter {
    static final int MAX_ATTEMPTS = 3;
    static final long BASE_DELAY_MILLIS = 100;

    private final Map<String, PlatformClient> clients;
    private final BreakerFactory breakers;
    private final Sleeper sleeper;
    private final Outbox outbox;
    private final SplittableRandom jitter;

    public NotificationEmitter(Map<String, PlatformClient> clients, BreakerFactory breakers, Sleeper sleeper,
                               Outbox outbox, long seed) {
        this.clients = clients;
        this.breakers = breakers;
        this.sleeper = sleeper;
        this.outbox = outbox;
        this.jitter = new SplittableRandom(seed);
    }

    @Override
    public void emit(Event event) throws InterruptedException {
        // TODO: guard every send with a circuit breaker per (platform, credential), made once by `breakers`
        //       and kept (emit runs on several threads). No permit: outbox.retryLater(...) and stop. Report
        //       every permit once, sorted by whose fault it is: 503 onError and retry; 401 onError and defer,
        //       no retry; 404/410/422 releasePermission() and dead-letter; 429 wait its Retry-After. A 403 is
        //       read by its headers and body (e.rateLimited(), e.resourceRefused(), e.credentialRejected()):
        //       a rate limit is a 429, a refused resource an item error, only the rest the credential's.
        PlatformClient client = clients.get(event.platform());
        for (int attempt = 1; ; attempt++) {
            try {
                client.send(event);
                outbox.delivered(event);
                return;
            } catch (PermanentItemException e) {
                outbox.deadLetter(event, "permanent: " + e.getMessage());
                return;
            } catch (TransientPlatformException e) {
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
