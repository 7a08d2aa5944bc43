package dev.lockdrill.kata.doublesend.workload;

import dev.lockdrill.harness.Database;
import dev.lockdrill.harness.LostReplies;
import dev.lockdrill.harness.WorkloadContext;
import dev.lockdrill.harness.explore.Exploration;
import dev.lockdrill.harness.explore.Step;
import dev.lockdrill.harness.lease.LeaseSchema;
import dev.lockdrill.kata.doublesend.protocol.ProviderFault;
import dev.lockdrill.support.ScheduleId;

import java.sql.Connection;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Set;
import java.util.SplittableRandom;
import java.util.TreeSet;
import java.util.concurrent.ConcurrentSkipListSet;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Random schedules for double-send: two to four workers (each its own process) each call
 * drainOnce() when their step comes, while the nemesis plans a fault for the next request of a
 * notification — any fault of the kata's matrix: a pause after the send past the lease, a lost
 * response, a lost request, a crash after or during the send, a slow provider — and inserts more
 * notifications (some to a revoked device), or copies of one of the first ones, identical in all
 * but the id (the same text to the same device twice is still two notifications). One drain in eight
 * loses the database's reply to its first committing round trip (a claim or a sent mark that
 * committed: the effect landed and the worker hears an I/O error), or to its first round trip of
 * any kind (a read, or a statement inside a transaction). A crashed worker's next step is taken by a fresh
 * process with its name. The provider is the dedup one for even seeds and the push device for odd
 * ones. After the schedule every worker drains until nothing is left, as the scripted ones do, and a
 * worker that crashed then is started again for another round.
 */
final class SendExplorer implements AutoCloseable {
    static final String NEMESIS = "nemesis";
    static final Duration LEASE = Duration.ofMillis(300);
    static final int FIRST_NOTIFICATIONS = 6;
    /** Each round starts the workers afresh: a fault planned during the schedule may crash them all in a round. */
    static final int DRAIN_ROUNDS = 4;
    static final long DRAIN_ROUND_MILLIS = 2_500;

    sealed interface SendStep extends Step {
    }

    record Drain(String actor) implements SendStep {
        public String describe() {
            return "runs drainOnce()";
        }
    }

    /**
     * A drainOnce() whose database reply is lost: after its first round trip that ended a transaction
     * (the table changed and only the worker does not know), or after its first round trip of any kind.
     */
    record DrainReplyLost(String actor, boolean committing) implements SendStep {
        public String describe() {
            return LostReplies.describe("runs drainOnce()", committing);
        }
    }

    /** {@code notification}: its place among the schedule's notifications (0 is the first inserted). */
    record Fault(String actor, ProviderFault fault, int notification) implements SendStep {
        public String describe() {
            return "plans " + fault.label() + " for the next request of notification #" + notification;
        }
    }

    record Insert(String actor, int count, boolean revoked) implements SendStep {
        public String describe() {
            return "inserts " + count + " notification(s)" + (revoked ? ", the first to a revoked device" : "");
        }
    }

    /** {@code notification}: one of the first {@value #FIRST_NOTIFICATIONS}, which every schedule has. */
    record Copy(String actor, int notification, int count) implements SendStep {
        public String describe() {
            return "inserts " + count + " notification(s) identical to notification #" + notification
                    + " but for the id (same device, same text)";
        }
    }

    static List<SendStep> generate(SplittableRandom random) {
        int workers = 2 + random.nextInt(3);
        int length = 10 + random.nextInt(21);
        List<SendStep> steps = new ArrayList<>();
        ProviderFault[] faults = ProviderFault.values();
        for (int i = 0; i < length; i++) {
            String worker = "worker-" + (1 + random.nextInt(workers));
            int roll = random.nextInt(100);
            if (roll < 55) {
                steps.add(random.nextInt(8) == 0 ? new DrainReplyLost(worker, random.nextInt(3) > 0)
                        : new Drain(worker));
            } else if (roll < 84) {
                steps.add(new Fault(NEMESIS, faults[random.nextInt(faults.length)], random.nextInt(10)));
            } else if (roll < 93) {
                steps.add(new Insert(NEMESIS, 1 + random.nextInt(3), random.nextInt(3) == 0));
            } else {
                steps.add(new Copy(NEMESIS, random.nextInt(FIRST_NOTIFICATIONS), 1 + random.nextInt(2)));
            }
        }
        return steps;
    }

    static boolean dedup(long seed) {
        return Math.floorMod(seed, 2) == 0;
    }

    static void explore(WorkloadContext context, List<ScheduleId> schedules) throws Exception {
        Database database = context.requireDatabase();
        AtomicLong next = new AtomicLong();
        try (Connection admin = database.owner()) {
            LeaseSchema.create(admin);
            Exploration.run(context, schedules, SendExplorer::generate, schedule -> {
                long firstId = next.incrementAndGet() * 1_000_000L;
                SendRig rig = new SendRig(context, admin, schedule.scenario(), firstId,
                        dedup(schedule.id().seed()) ? new DedupProvider() : new PushDeviceProvider(), LEASE);
                rig.insert(FIRST_NOTIFICATIONS, 0);
                return new SendExplorer(rig, firstId);
            }, SendExplorer::take, SendExplorer::finish);
        }
    }

    private final SendRig rig;
    private final long firstId;
    private final Set<String> workers = new ConcurrentSkipListSet<>();

    SendExplorer(SendRig rig, long firstId) {
        this.rig = rig;
        this.firstId = firstId;
    }

    void take(SendStep step) throws Exception {
        if (step instanceof Drain d) {
            workers.add(d.actor());
            rig.drainOnce(d.actor());
        } else if (step instanceof DrainReplyLost l) {
            workers.add(l.actor());
            LostReplies.during(rig.recorder(), rig.scenario(), l.actor(), rig.pool(l.actor()), l.committing(),
                    () -> rig.drainOnce(l.actor()));
        } else if (step instanceof Fault f) {
            rig.plan(firstId + f.notification(), f.fault());
        } else if (step instanceof Insert i) {
            rig.insert(i.count(), i.revoked() ? 1 : 0);
        } else if (step instanceof Copy c) {
            rig.insertAgain(Collections.nCopies(c.count(), firstId + c.notification()));
        }
    }

    /**
     * Every worker that took part (or worker-1) drains until nothing is left, restarted after each
     * round (planned crashes may still strike then); then the ground truth is read.
     */
    void finish() throws Exception {
        Set<String> draining = new TreeSet<>(workers);
        if (draining.isEmpty()) {
            draining.add("worker-1");
        }
        for (int round = 0; round < DRAIN_ROUNDS && !rig.allFinished(); round++) {
            rig.drain(List.copyOf(draining), DRAIN_ROUND_MILLIS);
        }
        rig.observe();
    }

    @Override
    public void close() throws Exception {
        rig.close();
    }
}
