package dev.lockdrill.kata.doublesend.workload;

import dev.lockdrill.kata.doublesend.protocol.ProviderFault;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Supplier;

/**
 * Six workers drain twelve notifications while each fault strikes the first request for one of
 * them: a pause after the send, a lost response (the provider processed it), a lost request (it
 * never did; the worker sees the same timeout), a crash after the send, a crash during the send,
 * a slow provider holding the request in flight. One notification goes to a revoked device token
 * and must end failed. Which notification gets which fault is seeded.
 */
final class FaultsScenario implements SendScenario {
    static final int WORKERS = 6;
    static final int NOTIFICATIONS = 12;
    static final long DEADLINE_MILLIS = 6_000;
    private final String name;
    private final Supplier<FakeProvider> provider;

    FaultsScenario(String name, Supplier<FakeProvider> provider) {
        this.name = name;
        this.provider = provider;
    }

    @Override
    public String name() {
        return name;
    }

    @Override
    public String summary() {
        return "pause, lost response, lost request, crashes and a slow " + provider.get().kind() + " provider while "
                + WORKERS + " workers drain";
    }

    @Override
    public FakeProvider provider() {
        return provider.get();
    }

    @Override
    public Duration lease() {
        return Duration.ofMillis(300);
    }

    @Override
    public void run(SendRig rig) throws Exception {
        List<Long> ids = new ArrayList<>(rig.insert(NOTIFICATIONS, 1).subList(1, NOTIFICATIONS));
        for (ProviderFault fault : ProviderFault.values()) {
            rig.plan(ids.remove(rig.random().nextInt(ids.size())), fault);
        }
        List<String> workers = new ArrayList<>();
        for (int w = 1; w <= WORKERS; w++) {
            workers.add("worker-" + w);
        }
        rig.drain(workers, DEADLINE_MILLIS);
    }
}
