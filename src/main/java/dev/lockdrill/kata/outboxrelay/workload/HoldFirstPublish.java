package dev.lockdrill.kata.outboxrelay.workload;

import dev.lockdrill.harness.Pause;
import dev.lockdrill.katas.api.outbox.OutboxEvent;

import java.util.concurrent.CountDownLatch;

/** Holds a relay's first accepted message (a slow acknowledgement) until released, or for at most a cap. */
final class HoldFirstPublish implements BrokerFault {
    final CountDownLatch held = new CountDownLatch(1);
    final CountDownLatch release = new CountDownLatch(1);
    private final long capMillis;

    HoldFirstPublish(long capMillis) {
        this.capMillis = capMillis;
    }

    @Override
    public void accepted(String relay, OutboxEvent event) {
        if (held.getCount() > 0) {
            held.countDown();
            Pause.until(release, capMillis);
        }
    }
}
