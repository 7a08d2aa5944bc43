package dev.lockdrill.harness.schedule;

import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;
import java.util.random.RandomGenerator;

/**
 * PCT (Burckhardt et al., "A randomized scheduler with probabilistic guarantees of finding bugs",
 * ASPLOS 2010) over round trips: each worker gets a random priority and the highest that can move
 * goes; at {@code depth - 1} random steps the worker that moved last drops below everybody. A bug
 * that needs d ordering constraints among n workers and k steps is found with probability at least
 * 1/(n·k^(d-1)) per schedule, whatever the machine's load: the seed alone picks the schedule.
 */
public final class PriorityChangePoints implements SchedulePolicy {
    private final Map<String, Integer> priority = new HashMap<>();
    private final List<Integer> changePoints;
    private final String summary;
    private int step;
    private String last;

    /** {@code expectedSteps}: about how many round trips the workers make in all (where change points may fall). */
    public PriorityChangePoints(RandomGenerator random, List<String> workers, int depth, int expectedSteps) {
        List<String> order = new ArrayList<>(workers);
        for (int i = order.size() - 1; i > 0; i--) {
            Collections.swap(order, i, random.nextInt(i + 1));
        }
        for (int i = 0; i < order.size(); i++) {
            priority.put(order.get(i), depth + order.size() - i);
        }
        TreeSet<Integer> points = new TreeSet<>();
        // A drop at step i lowers the worker that made step i - 1: step 1 has nobody to drop.
        while (points.size() < Math.min(depth - 1, expectedSteps - 1)) {
            points.add(2 + random.nextInt(expectedSteps - 1));
        }
        changePoints = List.copyOf(points);
        summary = "priorities " + String.join(" > ", order) + ", the worker moving drops to the bottom at step"
                + (changePoints.size() == 1 ? " " : "s ") + changePoints;
    }

    @Override
    public String next(List<String> enabled) {
        step++;
        int index = changePoints.indexOf(step);
        if (index >= 0 && last != null) {
            priority.put(last, changePoints.size() - index);
        }
        String best = enabled.get(0);
        for (String worker : enabled) {
            if (priority.getOrDefault(worker, 0) > priority.getOrDefault(best, 0)) {
                best = worker;
            }
        }
        last = best;
        return best;
    }

    @Override
    public String describe() {
        return summary;
    }
}
