package dev.lockdrill.harness;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Function;

/**
 * Runs a workload's scripted scenarios in lanes side by side, so a check takes about its longest
 * lane's time instead of the sum of its scenarios' waits. Each lane runs its scenarios in their
 * usual order, on its own thread, against its own view of the database ({@link Database#lane}: a
 * schema and session tag of its own), so what a lane's scenarios see is what they would see
 * alone. The parent judges each lane as a history of its own (the observation
 * {@link dev.lockdrill.history.LaneHistories#OBSERVATION} says which scenario ran in which lane). With one lane (the default) this is the plain sequential loop.
 */
public final class Lanes {
    /** A lane's whole run: its context and its scenarios, in order. */
    @FunctionalInterface
    public interface Body<S> {
        void run(WorkloadContext lane, List<S> scenarios) throws Exception;
    }

    private Lanes() {
    }

    /**
     * Deals {@code scenarios} (in their order) to lanes: the scenarios in {@code groups.get(g)}
     * share lane {@code g % lanes}; a scenario no group holds runs in lane 0. Lane 0 keeps the run's
     * own schema (and its pooler), so scenarios that need the pooler belong in group 0.
     */
    public static <S> void run(WorkloadContext context, List<S> scenarios, Function<S, String> name,
                               List<Set<S>> groups, Body<S> body) throws Exception {
        groups.stream().flatMap(Set::stream).filter(each -> !scenarios.contains(each)).findFirst().ifPresent(each -> {
            throw new HarnessException("the lanes name a scenario the workload does not run: " + name.apply(each));
        });
        int lanes = Math.max(1, Math.min(context.lanes(), groups.size()));
        Map<Integer, List<S>> byLane = new LinkedHashMap<>();
        List<Map<String, Object>> rows = new ArrayList<>();
        for (S scenario : scenarios) {
            int group = 0;
            for (int g = 0; g < groups.size(); g++) {
                if (groups.get(g).contains(scenario)) {
                    group = g;
                }
            }
            int lane = group % lanes;
            byLane.computeIfAbsent(lane, l -> new ArrayList<>()).add(scenario);
            rows.add(Map.of(dev.lockdrill.history.LaneHistories.SCENARIO, name.apply(scenario), dev.lockdrill.history.LaneHistories.LANE, lane));
        }
        if (lanes == 1) {
            body.run(context, scenarios);
            return;
        }
        context.recorder().observe(dev.lockdrill.history.LaneHistories.OBSERVATION, "", rows);
        List<Thread> threads = new ArrayList<>();
        List<Throwable> failures = new ArrayList<>();
        for (Map.Entry<Integer, List<S>> lane : byLane.entrySet()) {
            WorkloadContext laneContext = context.lane(lane.getKey());
            Thread thread = new Thread(() -> {
                try {
                    body.run(laneContext, lane.getValue());
                } catch (Throwable e) {
                    synchronized (failures) {
                        failures.add(e);
                    }
                }
            }, "lockdrill-lane-" + (char) ('a' + lane.getKey()));
            threads.add(thread);
            thread.start();
        }
        for (Thread thread : threads) {
            thread.join();
        }
        if (!failures.isEmpty()) {
            Throwable first = failures.get(0);
            failures.subList(1, failures.size()).forEach(first::addSuppressed);
            if (first instanceof Exception e) {
                throw e;
            }
            throw (Error) first;
        }
    }
}
