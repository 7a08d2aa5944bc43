package katas.breakerplacement;

import dev.lockdrill.katas.api.emitter.BreakerFactory;
import dev.lockdrill.katas.api.emitter.Emitter;
import dev.lockdrill.katas.api.emitter.Event;
import dev.lockdrill.katas.api.emitter.Outbox;
import dev.lockdrill.katas.api.emitter.PlatformClient;
import dev.lockdrill.katas.api.emitter.Sleeper;

import java.time.Duration;
import java.util.Map;
import java.util.Random;

/** Retry around GuardedPlatform, which owns the breakers: full jitter, defer when refused. */
public final class NotificationEmitter implements Emitter {
    private final GuardedPlatform platform;
    private final Sleeper sleeper;
    private final Outbox outbox;
    private final Random random;

    public NotificationEmitter(Map<String, PlatformClient> clients, BreakerFactory breakers, Sleeper sleeper,
                               Outbox outbox, long seed) {
        this.platform = new GuardedPlatform(clients, breakers);
        this.sleeper = sleeper;
        this.outbox = outbox;
        this.random = new Random(seed);
    }

    @Override
    public void emit(Event event) throws InterruptedException {
        int attempt = 0;
        while (true) {
            attempt++;
            GuardedPlatform.Attempt tried = platform.attempt(event);
            GuardedPlatform.Result result = tried.result();
            if (result == GuardedPlatform.Result.DELIVERED) {
                outbox.delivered(event);
                return;
            }
            if (result == GuardedPlatform.Result.GONE) {
                outbox.deadLetter(event, "item is gone");
                return;
            }
            if (result == GuardedPlatform.Result.LIMITED) {
                outbox.retryLater(event, tried.retryAfter());
                return;
            }
            if (result == GuardedPlatform.Result.REFUSED || result == GuardedPlatform.Result.REJECTED) {
                outbox.retryLater(event, Duration.ofSeconds(30));
                return;
            }
            if (attempt == 3) {
                outbox.deadLetter(event, "3 attempts failed");
                return;
            }
            sleeper.sleep(Duration.ofMillis(random.nextInt(80 << attempt)));
        }
    }
}
