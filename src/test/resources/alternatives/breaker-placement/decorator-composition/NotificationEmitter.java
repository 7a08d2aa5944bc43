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
 * Composed from generic decorators: Retry(Breaker(send)). This class makes the platform call but
 * never touches a breaker itself; the breaker decorator does, and the retry decorator retries only
 * platform failures — not a refused permit, a rejected credential, a 429 or an item error.
 */
public final class NotificationEmitter implements Emitter {
    private final Map<String, PlatformClient> clients;
    private final BreakerFactory factory;
    private final Map<String, EmitterBreaker> breakers = new ConcurrentHashMap<>();
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

    @Override
    public void emit(Event event) throws InterruptedException {
        EmitterBreaker breaker = breakers.computeIfAbsent(event.platform() + "/" + event.credential(),
                key -> factory.create(event.platform(), event.credential()));
        PlatformClient client = clients.get(event.platform());
        Call<Void> send = () -> {
            client.send(event);
            return null;
        };
        Call<Void> guarded = RetryDecorator.decorate(3, NotificationEmitter::platformFailure, this::backoff, sleeper,
                BreakerDecorator.decorate(breaker, NotificationEmitter::verdict, send));
        try {
            guarded.call();
            outbox.delivered(event);
        } catch (BreakerDecorator.NotPermitted e) {
            outbox.retryLater(event, Duration.ofSeconds(10));
        } catch (PermanentItemException e) {
            outbox.deadLetter(event, "item error " + e.status());
        } catch (TransientPlatformException e) {
            if (e.resourceRefused()) {
                outbox.deadLetter(event, "resource refused: " + e.getMessage());
            } else if (e.retryAfter().isPresent()) {
                outbox.retryLater(event, e.retryAfter().get());
            } else if (e.credentialRejected()) {
                outbox.retryLater(event, Duration.ofMinutes(1));
            } else {
                outbox.deadLetter(event, "3 attempts failed: " + e.getMessage());
            }
        } catch (InterruptedException e) {
            throw e;
        } catch (Exception e) {
            outbox.retryLater(event, Duration.ofSeconds(10));
        }
    }

    private static boolean platformFailure(Exception e) {
        return e instanceof TransientPlatformException t && !t.credentialRejected() && !t.resourceRefused()
                && t.retryAfter().isEmpty();
    }

    private static BreakerDecorator.Verdict verdict(Exception e) {
        boolean ignored = e instanceof PermanentItemException
                || e instanceof TransientPlatformException t && (t.retryAfter().isPresent() || t.resourceRefused());
        return ignored ? BreakerDecorator.Verdict.IGNORED : BreakerDecorator.Verdict.FAILURE;
    }

    /** Full jitter: anything between 0 and 100 ms doubled per attempt. */
    private Duration backoff(int attempt) {
        return Duration.ofMillis(random.nextLong((100L << (attempt - 1)) + 1));
    }
}
