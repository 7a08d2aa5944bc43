package katas.breakerplacement;

import dev.lockdrill.katas.api.breaker.CircuitBreaker;
import dev.lockdrill.katas.api.emitter.BreakerFactory;
import dev.lockdrill.katas.api.emitter.Event;
import dev.lockdrill.katas.api.emitter.PermanentItemException;
import dev.lockdrill.katas.api.emitter.PlatformClient;

import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/** The only way to reach a platform: one attempt through the breaker of the event's (platform, credential). */
final class GuardedPlatform {
    enum Result { DELIVERED, GONE, FAILED, REFUSED }

    private record Key(String platform, String credential) {
    }

    private final Map<String, PlatformClient> clients;
    private final BreakerFactory factory;
    private final Map<Key, CircuitBreaker> breakers = new ConcurrentHashMap<>();

    GuardedPlatform(Map<String, PlatformClient> clients, BreakerFactory factory) {
        this.clients = clients;
        this.factory = factory;
    }

    Result attempt(Event event) {
        CircuitBreaker breaker = breakers.computeIfAbsent(new Key(event.platform(), event.credential()),
                key -> factory.create(key.platform(), key.credential()));
        if (!breaker.tryAcquirePermission()) {
            return Result.REFUSED;
        }
        long start = System.nanoTime();
        try {
            clients.get(event.platform()).send(event);
            breaker.onSuccess(System.nanoTime() - start);
            return Result.DELIVERED;
        } catch (PermanentItemException e) {
            breaker.onSuccess(System.nanoTime() - start);
            return Result.GONE;
        } catch (Exception e) {
            breaker.onError(System.nanoTime() - start, e);
            return Result.FAILED;
        }
    }
}
