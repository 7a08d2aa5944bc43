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
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * ALTERNATIVE (time-limited-call): Retry(CircuitBreaker(TimeLimiter(call))), as Resilience4j's
 * documentation wires it. The emit's thread asks the breaker for a permit, then hands the platform
 * call to the emitter's own call pool and waits for it at most CALL_TIMEOUT; the call's thread
 * sorts the answer and tells the breaker (as an asynchronous decorator reports where the call
 * completes). A call that outlives its time limit is cancelled and counted as the platform's
 * failure, reported once by whichever side gets there first. Sleeps between attempts and the
 * outbox stay on the emit's thread.
 */
public final class NotificationEmitter implements Emitter {
    static final int MAX_ATTEMPTS = 3;
    static final long BASE_DELAY_MILLIS = 100;
    static final Duration RETRY_LATER = Duration.ofSeconds(5);
    static final Duration CALL_TIMEOUT = Duration.ofSeconds(10);

    private final Map<String, PlatformClient> clients;
    private final BreakerFactory factory;
    private final Map<String, EmitterBreaker> breakers = new ConcurrentHashMap<>();
    private final Sleeper sleeper;
    private final Outbox outbox;
    private final SplittableRandom jitter;
    private final ExecutorService calls = Executors.newCachedThreadPool(task -> {
        Thread thread = new Thread(task, "platform-call");
        thread.setDaemon(true);
        return thread;
    });

    /** What the breaker hears about one attempt. */
    private enum Report { SUCCESS, FAILURE, RELEASE }

    /** What the retry loop does next. */
    private enum Next { DELIVERED, DEAD_LETTER, DEFER, RETRY }

    /** One attempt's answer, sorted by what it belongs to. */
    private record Sorted(Report report, Next next, Duration deferFor, String reason) {
    }

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
            Sorted sorted = timeLimited(client, breaker, event);
            switch (sorted.next()) {
                case DELIVERED:
                    outbox.delivered(event);
                    return;
                case DEAD_LETTER:
                    outbox.deadLetter(event, sorted.reason());
                    return;
                case DEFER:
                    outbox.retryLater(event, sorted.deferFor());
                    return;
                default:
                    if (attempt == MAX_ATTEMPTS) {
                        outbox.deadLetter(event, "gave up after " + MAX_ATTEMPTS + " attempts: " + sorted.reason());
                        return;
                    }
                    sleeper.sleep(backoff(attempt));
            }
        }
    }

    /** The call on the call pool, waited for at most CALL_TIMEOUT; the breaker hears about it once. */
    private Sorted timeLimited(PlatformClient client, EmitterBreaker breaker, Event event) throws InterruptedException {
        AtomicBoolean reported = new AtomicBoolean();
        long start = System.nanoTime();
        Future<Sorted> call = calls.submit(() -> {
            try {
                client.send(event);
                return report(breaker, reported, start, null);
            } catch (PermanentItemException | TransientPlatformException e) {
                return report(breaker, reported, start, e);
            }
        });
        try {
            return call.get(CALL_TIMEOUT.toMillis(), TimeUnit.MILLISECONDS);
        } catch (TimeoutException e) {
            call.cancel(true);
            return report(breaker, reported, start, e);
        } catch (ExecutionException e) {
            return report(breaker, reported, start, e.getCause());
        }
    }

    private static Sorted report(EmitterBreaker breaker, AtomicBoolean reported, long start, Throwable error) {
        Sorted sorted = sort(error);
        if (reported.compareAndSet(false, true)) {
            long duration = System.nanoTime() - start;
            switch (sorted.report()) {
                case SUCCESS:
                    breaker.onSuccess(duration);
                    break;
                case FAILURE:
                    breaker.onError(duration, error);
                    break;
                default:
                    breaker.releasePermission();
            }
        }
        return sorted;
    }

    /**
     * 200 delivered; an item error (or a 403 refusing one resource) released and dead-lettered; a
     * rate limit released and deferred for its Retry-After; a rejected credential a failure,
     * deferred; anything else (a 5xx, a time-out) a failure, retried.
     */
    private static Sorted sort(Throwable error) {
        if (error == null) {
            return new Sorted(Report.SUCCESS, Next.DELIVERED, null, "");
        }
        if (error instanceof PermanentItemException) {
            return new Sorted(Report.RELEASE, Next.DEAD_LETTER, null, "permanent: " + error.getMessage());
        }
        if (error instanceof TransientPlatformException e) {
            if (e.resourceRefused()) {
                return new Sorted(Report.RELEASE, Next.DEAD_LETTER, null, "resource refused: " + e.getMessage());
            }
            if (e.rateLimited() || e.retryAfter().isPresent()) {
                return new Sorted(Report.RELEASE, Next.DEFER, e.retryAfter().orElse(RETRY_LATER), e.getMessage());
            }
            if (e.credentialRejected()) {
                return new Sorted(Report.FAILURE, Next.DEFER, RETRY_LATER, e.getMessage());
            }
        }
        return new Sorted(Report.FAILURE, Next.RETRY, null, String.valueOf(error.getMessage()));
    }

    /** Exponential backoff with "equal jitter": half the delay fixed, half random. */
    private Duration backoff(int attempt) {
        long delay = BASE_DELAY_MILLIS << (attempt - 1);
        return Duration.ofMillis(delay / 2 + jitter.nextLong(delay / 2 + 1));
    }
}
