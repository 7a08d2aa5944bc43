package dev.lockdrill.harness;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.util.concurrent.atomic.AtomicReference;

/** A process's wall clock that the check can jump forward or back, as NTP or a VM migration would. */
public final class JumpClock extends Clock {
    private final AtomicReference<Duration> offset = new AtomicReference<>(Duration.ZERO);

    /** Sets the clock this far from true time (ahead when positive). */
    public void set(Duration offsetFromTrueTime) {
        offset.set(offsetFromTrueTime);
    }

    public void jump(Duration by) {
        offset.updateAndGet(current -> current.plus(by));
    }

    @Override
    public ZoneId getZone() {
        return ZoneOffset.UTC;
    }

    @Override
    public Clock withZone(ZoneId zone) {
        return Clock.offset(Clock.system(zone), offset.get());
    }

    @Override
    public Instant instant() {
        return Instant.now().plus(offset.get());
    }
}
