package katas.breakerplacement;

import dev.lockdrill.katas.api.emitter.BreakerFactory;
import dev.lockdrill.katas.api.emitter.EmitterBreaker;

import java.util.HashMap;
import java.util.Map;
import java.util.concurrent.atomic.AtomicReference;

/**
 * The breakers as an immutable map behind a compare-and-set: readers never lock; a writer copies the
 * map, adds its breaker and swaps it in, and starts again if another writer swapped first (the
 * breaker it made is then dropped unused, and the winner's is returned).
 */
final class BreakerRegistry {
    private record Key(String platform, String credential) {
    }

    private final BreakerFactory factory;
    private final AtomicReference<Map<Key, EmitterBreaker>> breakers = new AtomicReference<>(Map.of());

    BreakerRegistry(BreakerFactory factory) {
        this.factory = factory;
    }

    EmitterBreaker of(String platform, String credential) {
        Key key = new Key(platform, credential);
        while (true) {
            Map<Key, EmitterBreaker> current = breakers.get();
            EmitterBreaker known = current.get(key);
            if (known != null) {
                return known;
            }
            Map<Key, EmitterBreaker> next = new HashMap<>(current);
            next.put(key, factory.create(platform, credential));
            if (breakers.compareAndSet(current, Map.copyOf(next))) {
                return next.get(key);
            }
        }
    }
}
