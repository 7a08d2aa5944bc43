package dev.lockdrill.kata.doublesend.workload;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Supplier;

/**
 * Ten workers drain a backlog with no fault injected and a lease long enough never to expire:
 * every notification must arrive exactly once, whatever the provider. Also the throughput figure.
 */
final class DrainScenario implements SendScenario {
    static final int WORKERS = 10;
    static final long DEADLINE_MILLIS = 6_000;
    private final String name;
    private final Supplier<FakeProvider> provider;
    private final int notifications;

    DrainScenario(String name, Supplier<FakeProvider> provider, int notifications) {
        this.name = name;
        this.provider = provider;
        this.notifications = notifications;
    }

    @Override
    public String name() {
        return name;
    }

    @Override
    public String summary() {
        return WORKERS + " workers drain " + notifications + " notifications through the " + provider.get().kind()
                + " provider, no faults";
    }

    @Override
    public FakeProvider provider() {
        return provider.get();
    }

    @Override
    public Duration lease() {
        return Duration.ofSeconds(30);
    }

    @Override
    public void run(SendRig rig) throws Exception {
        rig.insert(notifications, 0);
        List<String> workers = new ArrayList<>();
        for (int w = 1; w <= WORKERS; w++) {
            workers.add("worker-" + w);
        }
        rig.drain(workers, DEADLINE_MILLIS);
    }
}
