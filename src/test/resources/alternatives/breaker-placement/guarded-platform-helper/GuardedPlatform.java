package katas.breakerplacement;

import dev.lockdrill.katas.api.emitter.BreakerFactory;
import dev.lockdrill.katas.api.emitter.EmitterBreaker;
import dev.lockdrill.katas.api.emitter.Event;
import dev.lockdrill.katas.api.emitter.PermanentItemException;
import dev.lockdrill.katas.api.emitter.PlatformClient;
import dev.lockdrill.katas.api.emitter.TransientPlatformException;

import java.time.Duration;

import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/** The only way to reach a platform: one attempt through the breaker of the event's (platform, credential). */
final class GuardedPlatform {
    enum Result { DELIVERED, GONE, FAILED, REJECTED, LIMITED, REFUSED }

    /** How one attempt went; {@code retryAfter} is the platform's wait for LIMITED, else zero. */
    record Attempt(Result result, Duration retryAfter) {
        static Attempt of(Result result) {
            return new Attempt(result, Duration.ZERO);
        }
    }

    private record Key(String platform, String credential) {
    }

    private final Map<String, PlatformClient> clients;
    private final BreakerFactory factory;
    private final Map<Key, EmitterBreaker> breakers = new ConcurrentHashMap<>();

    GuardedPlatform(Map<String, PlatformClient> clients, BreakerFactory factory) {
        this.clients = clients;
        this.factory = factory;
    }

    Attempt attempt(Event event) {
        EmitterBreaker breaker = breakers.computeIfAbsent(new Key(event.platform(), event.credential()),
                key -> factory.create(key.platform(), key.credential()));
        if (!breaker.tryAcquirePermission()) {
            return Attempt.of(Result.REFUSED);
        }
        long start = System.nanoTime();
        try {
            clients.get(event.platform()).send(event);
            breaker.onSuccess(System.nanoTime() - start);
            return Attempt.of(Result.DELIVERED);
        } catch (PermanentItemException e) {
            breaker.releasePermission();
            return Attempt.of(Result.GONE);
        } catch (TransientPlatformException e) {
            if (e.resourceRefused()) {
                breaker.releasePermission();
                return Attempt.of(Result.GONE);
            }
            if (e.rateLimited() || e.retryAfter().isPresent()) {
                breaker.releasePermission();
                return new Attempt(Result.LIMITED, e.retryAfter().orElse(Duration.ofMinutes(1)));
            }
            breaker.onError(System.nanoTime() - start, e);
            return Attempt.of(e.credentialRejected() ? Result.REJECTED : Result.FAILED);
        } catch (RuntimeException e) {
            breaker.onError(System.nanoTime() - start, e);
            return Attempt.of(Result.FAILED);
        }
    }
}
