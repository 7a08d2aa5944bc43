package dev.lockdrill.kata.doublesend.workload;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;

/**
 * The same message to the same device twice ("your order has shipped", a daily reminder): two
 * notifications with identical recipient and body are still two notifications. Three workers
 * drain four to six notifications to one device through the dedup provider, their payloads drawn
 * from two texts, so identical ones wait side by side; then a seeded subset of them is inserted
 * again, identical but for the id, and drained by the workers restarted (the provider remembers
 * every key it saw, as Stripe's does for a day). No payload names its notification: the harness
 * tells them apart by what it inserted and by who holds which row. An idempotency key derived from
 * the message's content makes the provider replay the first one's result: the second is marked
 * sent and never delivered.
 */
final class IdenticalPayloadsScenario implements SendScenario {
    static final int WORKERS = 3;
    static final long DEADLINE_MILLIS = 4_000;
    static final String DEVICE = "device-3";
    static final List<String> TEXTS = List.of("Your order has shipped", "Your daily reminder");

    @Override
    public String name() {
        return "identical-payloads";
    }

    @Override
    public String summary() {
        return WORKERS + " workers drain notifications to one device, identical ones side by side, through the "
                + "dedup provider, then copies of some of them, identical but for the id";
    }

    @Override
    public FakeProvider provider() {
        return new DedupProvider();
    }

    @Override
    public Duration lease() {
        return Duration.ofSeconds(30);
    }

    @Override
    public void run(SendRig rig) throws Exception {
        SplittableRandom random = rig.random();
        List<String> payloads = new ArrayList<>(TEXTS);
        for (int extra = 2 + random.nextInt(3); extra > 0; extra--) {
            payloads.add(TEXTS.get(random.nextInt(TEXTS.size())));
        }
        List<Long> firsts = rig.insert(DEVICE, payloads);
        List<String> workers = new ArrayList<>();
        for (int w = 1; w <= WORKERS; w++) {
            workers.add("worker-" + w);
        }
        rig.drain(workers, DEADLINE_MILLIS);
        List<Long> again = new ArrayList<>();
        for (Long id : firsts) {
            if (again.isEmpty() || random.nextBoolean()) {
                again.add(id);
            }
        }
        rig.insertAgain(again);
        rig.drain(workers, DEADLINE_MILLIS);
    }
}
