package dev.lockdrill.kata.pglockservice.workload;

import dev.lockdrill.harness.WorkerDataSource;
import dev.lockdrill.harness.Workers;
import dev.lockdrill.harness.schedule.EveryGapPair;
import dev.lockdrill.harness.schedule.PriorityChangePoints;
import dev.lockdrill.harness.schedule.SchedulePolicy;
import dev.lockdrill.harness.schedule.StatementScheduler;
import dev.lockdrill.history.Faults;
import dev.lockdrill.katas.api.lockservice.LockService;

import java.time.Clock;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Workers take, use and release the same lock with their round trips put in order by the
 * statement scheduler, not by the machine. First two workers, two preemptions: each is held in
 * turn after its first round trip, its second and so on (a lock name each time), while the other
 * runs one round trip, two, ... to its end, and is held in turn while the first moves on; both
 * orders. So a check-then-act anywhere in tryAcquire or release meets the other's call stopped
 * at each of its points (the lock taken and not yet released included), at every seed and any
 * load. Then three workers under priorities with change points drawn from the seed (PCT), which
 * reaches orders two workers cannot: a release that frees a lock somebody else took in the
 * meantime, met by a third acquire.
 */
final class InterleavedAcquiresScenario implements LockScenario {
    static final long TTL_MILLIS = 10_000;
    /** A worker's call that retries without end is held after this many round trips and no more. */
    static final int MOST_GAPS = 8;
    static final int PCT_SCHEDULES = 3;
    static final int PCT_DEPTH = 3;
    /** Draws of a PCT schedule until one preempts a worker that could still move. */
    static final int PCT_DRAWS = 6;

    @Override
    public String name() {
        return "interleaved-acquires";
    }

    @Override
    public String summary() {
        return "workers take, use and release one lock, their round trips ordered by a scheduler: each held at "
                + "every gap in turn, then seeded priorities";
    }

    @Override
    public void run(LockRig rig) throws Exception {
        Map<String, LockService> services = Map.of(
                "worker-1", rig.service("worker-1", "host-1", Clock.systemUTC()),
                "worker-2", rig.service("worker-2", "host-2", Clock.systemUTC()),
                "worker-3", rig.service("worker-3", "host-3", Clock.systemUTC()));
        int steps = Math.max(everyGap(rig, services, "worker-1", "worker-2"),
                everyGap(rig, services, "worker-2", "worker-1"));
        List<String> three = List.of("worker-1", "worker-2", "worker-3");
        for (int i = 1; i <= PCT_SCHEDULES; i++) {
            long start = rig.recorder().now();
            StatementScheduler.Run run = null;
            List<String> tried = new ArrayList<>();
            int expectedSteps = Math.max(2, three.size() * steps - 1);
            for (int draw = 1; draw <= PCT_DRAWS && (run == null || run.preemptions() == 0); draw++) {
                String name = rig.name("pct-" + i + (draw == 1 ? "" : "-draw-" + draw));
                // Change points fall among the steps the three workers make (as the last draw counted
                // them), so a drop lands while a worker is mid-way and others can move.
                PriorityChangePoints policy = new PriorityChangePoints(rig.random(), three, PCT_DEPTH, expectedSteps);
                run = schedule(rig, services, policy, three, name);
                tried.add((draw == 1 ? "" : "draw " + draw + ": ") + policy.describe() + "; " + run.swimlane());
                expectedSteps = Math.max(2, run.steps().size() - 1);
            }
            rig.recorder().fault(Faults.SCHEDULE, rig.scenario(), "all", start,
                    run.preemptions() > 0 && !run.lostControl(), "PCT " + i + ": " + String.join("; then ", tried)
                            + (run.preemptions() == 0 ? "; no draw took the turn from a worker that could move" : "")
                            + (run.lostControl() ? "; the scheduler lost control (nobody could move for 10 s)" : ""));
        }
    }

    /**
     * {@code held} is held after each of its round trips in turn while {@code other} runs, first
     * for one round trip, then two and so on, then to its end: a lock {@code other} took but has not
     * released yet is there when {@code held} moves on. A fault line per schedule that held it.
     * Returns the most steps a worker took in one of these runs.
     */
    private static int everyGap(LockRig rig, Map<String, LockService> services, String held, String other)
            throws Exception {
        long start = rig.recorder().now();
        EveryGapPair.Result result = EveryGapPair.run(held, other, MOST_GAPS, (policy, label) -> {
            long scheduleStart = rig.recorder().now();
            StatementScheduler.Run run = schedule(rig, services, policy, List.of(held, other), rig.name(label));
            if (policy.held()) {
                rig.recorder().fault(Faults.SCHEDULE, rig.scenario(), held, scheduleStart, !run.lostControl(),
                        new EveryGapPair.Held(rig.name(label), policy, run).describe());
            }
            return run;
        });
        for (String missed : result.missed()) {
            rig.recorder().fault(Faults.SCHEDULE, rig.scenario(), held, start, false, missed + " was tried "
                    + EveryGapPair.TRIES + " times and never held where it was built to hold");
        }
        if (result.held().isEmpty() && result.missed().isEmpty()) {
            rig.recorder().fault(Faults.SCHEDULE, rig.scenario(), held, start, false, held
                    + " took, used and released the lock in a single round trip, so there was no gap to hold it in");
        }
        return result.mostSteps();
    }

    private static StatementScheduler.Run schedule(LockRig rig, Map<String, LockService> services,
                                                   SchedulePolicy policy, List<String> workers, String name)
            throws Exception {
        Map<WorkerDataSource, Workers.CheckedRunnable> bodies = new LinkedHashMap<>();
        for (String worker : workers) {
            LockService service = services.get(worker);
            bodies.put(rig.dataSource(worker), () -> takeUseRelease(rig, worker, service, name));
        }
        return StatementScheduler.run(rig.database(), policy, bodies);
    }

    private static void takeUseRelease(LockRig rig, String worker, LockService service, String name) {
        rig.acquire(worker, service, name, TTL_MILLIS).ifPresent(lease -> {
            rig.fencedWrite(worker, lease, worker + " holding " + name);
            rig.release(worker, service, lease);
        });
    }
}
