package dev.lockdrill.kata.bulkhead.workload;

import dev.lockdrill.harness.Pause;
import dev.lockdrill.harness.WorkloadContext;
import dev.lockdrill.harness.explore.Schedule;
import dev.lockdrill.harness.explore.Step;
import dev.lockdrill.history.FaultKind;
import dev.lockdrill.history.Faults;
import dev.lockdrill.kata.bulkhead.protocol.CallArgs;

import java.time.Duration;
import java.util.ArrayList;
import java.util.Deque;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentLinkedDeque;
import java.util.concurrent.locks.ReentrantLock;
import java.util.function.Supplier;

/**
 * Random schedules for bulkhead: two or three dependencies with seeded limits (1-4), a call timeout
 * and a delay; two to four clients that call (waiting for the answer or not), release bursts of
 * the limit or more at once, cancel their oldest call after 0-20 ms, make a call once a dependency
 * is idle, or think for a while; a nemesis that makes a dependency hang or fail and brings it back,
 * sometimes only once the hang has outlasted the call timeout and its slack. Calls to one
 * dependency start one at a time (a burst as one), so a burst at an idle, hung dependency and a
 * call to an idle one are known to be so.
 */
final class BulkheadExplorer implements AutoCloseable {
    static final String NEMESIS = "nemesis";
    static final String IDLE_CALLER = "idle-caller";
    private static final List<String> NAMES = List.of("apns", "fcm", "pg");

    sealed interface BulkheadStep extends Step {
    }

    record Call(String actor, String dependency, boolean waits) implements BulkheadStep {
        public String describe() {
            return "calls " + dependency + (waits ? " and waits for the answer" : " (does not wait)");
        }
    }

    record Burst(String actor, String dependency, int calls) implements BulkheadStep {
        public String describe() {
            return "releases " + calls + " calls to " + dependency + " at once";
        }
    }

    record Cancel(String actor, long afterMillis) implements BulkheadStep {
        public String describe() {
            return "cancels its oldest unanswered call after " + afterMillis + " ms";
        }
    }

    record Idle(String actor, String dependency) implements BulkheadStep {
        public String describe() {
            return "calls " + dependency + " once nothing is in flight there, and waits";
        }
    }

    record Think(String actor, long millis) implements BulkheadStep {
        public String describe() {
            return "thinks for " + millis + " ms";
        }
    }

    /**
     * {@code mode}: "hang", "fail" or "recover"; a recovery waits until the fault is {@code holdMillis} old.
     * A failing dependency throws a checked IOException and an unchecked exception in turn, the checked
     * one first when {@code checkedFirst}.
     */
    record Fault(String actor, String dependency, String mode, long holdMillis, boolean checkedFirst)
            implements BulkheadStep {
        public String describe() {
            return "recover".equals(mode) ? "brings " + dependency + " back" + (holdMillis > 0 ? " once its fault is "
                    + holdMillis + " ms old" : "") : "makes " + dependency + ("hang".equals(mode) ? " hang"
                    : " fail (a " + (checkedFirst ? "checked IOException, then an unchecked exception"
                    : "unchecked exception, then a checked IOException") + ", in turn)");
        }
    }

    /** The bulkheads a schedule's seed configures. */
    record Setup(Map<String, Integer> limits, long delayMillis, Duration callTimeout) {
        static Setup of(SplittableRandom random) {
            Map<String, Integer> limits = new LinkedHashMap<>();
            int count = 2 + random.nextInt(2);
            for (String name : NAMES.subList(0, count)) {
                limits.put(name, 1 + random.nextInt(4));
            }
            return new Setup(limits, 1 + random.nextInt(30), Duration.ofMillis(150 + 50 * random.nextInt(6)));
        }
    }

    static List<BulkheadStep> generate(SplittableRandom random) {
        Setup setup = Setup.of(random);
        List<String> dependencies = List.copyOf(setup.limits().keySet());
        int workers = 2 + random.nextInt(3);
        int length = 10 + random.nextInt(21);
        long timeout = setup.callTimeout().toMillis();
        List<BulkheadStep> steps = new ArrayList<>();
        for (int i = 0; i < length; i++) {
            String worker = "client-" + (1 + random.nextInt(workers));
            String dependency = dependencies.get(random.nextInt(dependencies.size()));
            int limit = setup.limits().get(dependency);
            int roll = random.nextInt(100);
            if (roll < 32) {
                steps.add(new Call(worker, dependency, random.nextBoolean()));
            } else if (roll < 44) {
                steps.add(new Burst(worker, dependency, limit + random.nextInt(limit + 1)));
            } else if (roll < 54) {
                steps.add(new Cancel(worker, random.nextInt(21)));
            } else if (roll < 64) {
                steps.add(new Idle(worker, dependency));
            } else if (roll < 72) {
                steps.add(new Think(worker, 10 + random.nextInt(200)));
            } else {
                int mode = random.nextInt(3);
                long[] holds = {0, timeout / 2, timeout + 1100};
                steps.add(new Fault(NEMESIS, dependency, mode == 0 ? "hang" : mode == 1 ? "fail" : "recover",
                        mode == 2 ? holds[random.nextInt(holds.length)] : 0, mode == 1 && random.nextBoolean()));
            }
        }
        return steps;
    }

    /** A fault in force on one dependency: what it is and when it began (recorder time). */
    private record Active(FaultKind kind, long start) {
    }

    private final BulkheadRig rig;
    private final Setup setup;
    private final Map<String, ReentrantLock> oneStartAtATime = new ConcurrentHashMap<>();
    private final Map<String, Deque<CompletableFuture<String>>> byDependency = new ConcurrentHashMap<>();
    private final Map<String, Deque<CompletableFuture<String>>> byWorker = new ConcurrentHashMap<>();
    private final Map<String, Active> faults = new ConcurrentHashMap<>();
    private final List<Calls> bursts = new ArrayList<>();

    BulkheadExplorer(WorkloadContext context, Schedule<BulkheadStep> schedule) {
        this.setup = Setup.of(new SplittableRandom(schedule.id().seed()));
        this.rig = new BulkheadRig(context, schedule.scenario(), setup.limits(), setup.delayMillis(),
                setup.callTimeout());
        setup.limits().keySet().forEach(name -> oneStartAtATime.put(name, new ReentrantLock()));
    }

    void take(BulkheadStep step) {
        if (step instanceof Call c) {
            CompletableFuture<String> future = locked(c.dependency(), () -> started(c.actor(), c.dependency(),
                    rig.start(c.actor(), c.dependency())));
            if (c.waits()) {
                BulkheadRig.await(future, 2000);
            }
        } else if (step instanceof Burst b) {
            locked(b.dependency(), () -> burst(b));
        } else if (step instanceof Cancel c) {
            Pause.millis(c.afterMillis());
            Deque<CompletableFuture<String>> mine = held(byWorker, c.actor());
            mine.stream().filter(f -> !f.isDone()).findFirst().ifPresent(f -> f.cancel(true));
        } else if (step instanceof Idle i) {
            locked(i.dependency(), () -> {
                if (idle(i.dependency())) {
                    rig.idleCall(IDLE_CALLER, i.dependency());
                } else {
                    BulkheadRig.await(started(i.actor(), i.dependency(), rig.start(i.actor(), i.dependency())), 2000);
                }
                return null;
            });
        } else if (step instanceof Think t) {
            Pause.millis(t.millis());
        } else if (step instanceof Fault f) {
            fault(f);
        }
    }

    private Object burst(Burst b) {
        boolean tagged = faults.get(b.dependency()) != null && faults.get(b.dependency()).kind() == Faults.HANG
                && idle(b.dependency());
        Calls burst = new Calls(rig);
        synchronized (bursts) {
            bursts.add(burst);
        }
        FakeDependency target = rig.dependency(b.dependency());
        burst.hammer(b.actor(), b.calls(), new CallArgs(b.dependency(), tagged ? b.actor() + "-burst-"
                + rig.recorder().now() : null));
        Calls.await(() -> burst.futures().size() == b.calls() && burst.done() + target.inFlight() >= b.calls(),
                rig.deadline(2000));
        burst.futures().forEach(f -> held(byDependency, b.dependency()).add(f));
        return null;
    }

    /** Nothing of the dependency's in flight (500 ms at most to get there), and every permit back. */
    private boolean idle(String dependency) {
        FakeDependency target = rig.dependency(dependency);
        Deque<CompletableFuture<String>> calls = held(byDependency, dependency);
        boolean quiet = Calls.await(() -> calls.stream().allMatch(CompletableFuture::isDone) && target.inFlight() == 0,
                rig.deadline(500));
        String limit = String.valueOf(rig.limit(dependency));
        boolean free = Calls.await(() -> limit.equals(String.valueOf(rig.availablePermits(dependency))),
                rig.deadline(200));
        Pause.millis(10);
        return quiet && free;
    }

    private void fault(Fault f) {
        if ("recover".equals(f.mode())) {
            Active active = faults.get(f.dependency());
            if (active != null) {
                long age = (rig.recorder().now() - active.start()) / 1_000_000;
                Pause.millis(Math.max(0, f.holdMillis() - age));
            }
        }
        locked(f.dependency(), () -> {
            end(f.dependency());
            FakeDependency target = rig.dependency(f.dependency());
            if ("hang".equals(f.mode())) {
                target.hang();
                faults.put(f.dependency(), new Active(Faults.HANG, rig.recorder().now()));
            } else if ("fail".equals(f.mode())) {
                target.fail(f.checkedFirst());
                faults.put(f.dependency(), new Active(Faults.OUTAGE, rig.recorder().now()));
            }
            return null;
        });
    }

    /** Ends the dependency's fault, if any, and records it with how long it lasted. */
    private void end(String dependency) {
        Active active = faults.remove(dependency);
        if (active == null) {
            return;
        }
        rig.dependency(dependency).recover();
        rig.recorder().fault(active.kind(), rig.scenario(), dependency, active.start(), dependency
                + (active.kind() == Faults.HANG ? " hung: every call blocked until it recovered"
                : " answered 503 to every call until it recovered"));
    }

    /** After the schedule: every fault ends, every call ends, and the free permits are read. */
    void finish() {
        setup.limits().keySet().forEach(this::end);
        rig.quiesce();
    }

    private CompletableFuture<String> started(String worker, String dependency, CompletableFuture<String> future) {
        held(byDependency, dependency).add(future);
        held(byWorker, worker).add(future);
        return future;
    }

    private static Deque<CompletableFuture<String>> held(Map<String, Deque<CompletableFuture<String>>> map,
                                                         String key) {
        return map.computeIfAbsent(key, k -> new ConcurrentLinkedDeque<>());
    }

    private <T> T locked(String dependency, Supplier<T> action) {
        ReentrantLock lock = oneStartAtATime.get(dependency);
        lock.lock();
        try {
            return action.get();
        } finally {
            lock.unlock();
        }
    }

    @Override
    public void close() {
        synchronized (bursts) {
            bursts.forEach(Calls::close);
        }
        rig.close();
    }
}
