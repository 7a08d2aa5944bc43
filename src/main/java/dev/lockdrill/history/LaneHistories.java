package dev.lockdrill.history;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;

/**
 * Which lane each scenario ran in, when a check ran its scenarios side by side: one observation
 * of rows {@code {scenario, lane}}. Each lane is judged as a history of its own, as if its
 * scenarios had run alone: its schema and sessions were its own, so its tokens, rows and sessions
 * mean nothing next to another lane's.
 */
public final class LaneHistories {
    public static final String OBSERVATION = "lanes";
    public static final String SCENARIO = "scenario";
    public static final String LANE = "lane";

    private LaneHistories() {
    }

    /**
     * The history of each lane, in lane order; what belongs to no scenario of the assignment (or
     * to none at all) is in every lane. One history, the whole, when the run had one lane.
     */
    public static List<History> split(History history) {
        Map<String, Integer> laneOf = new HashMap<>();
        for (Observation observation : history.observations(OBSERVATION)) {
            for (Map<String, Object> row : observation.rows()) {
                laneOf.put(String.valueOf(row.get(SCENARIO)), ((Number) row.get(LANE)).intValue());
            }
        }
        TreeSet<Integer> lanes = new TreeSet<>(laneOf.values());
        if (lanes.size() <= 1) {
            return List.of(history);
        }
        List<History> split = new ArrayList<>();
        for (int lane : lanes) {
            split.add(history.scenarios(scenario -> {
                Integer own = scenario == null ? null : laneOf.get(scenario);
                return own == null || own == lane;
            }));
        }
        return split;
    }
}
