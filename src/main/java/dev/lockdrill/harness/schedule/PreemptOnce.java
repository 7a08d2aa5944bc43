package dev.lockdrill.harness.schedule;

import java.util.List;

/**
 * Lets {@code first} make {@code roundTrips} round trips, holds it before the next one, and runs
 * {@code second} for as long as it can move (to its end, or until it waits on a lock or parks),
 * then lets them go in that order of preference. Run for every gap of the first worker and both
 * orders of the two, it tries each check-then-act a learner can write between two of one call's
 * round trips once, with one preemption: a systematic search, not a hope that threads meet.
 */
public final class PreemptOnce implements SchedulePolicy {
    private final String first;
    private final String second;
    private final int roundTrips;
    private int firstSteps;
    private boolean switched;
    private boolean held;

    public PreemptOnce(String first, String second, int roundTrips) {
        if (roundTrips < 1) {
            throw new IllegalArgumentException("a worker is held after at least one round trip: " + roundTrips);
        }
        this.first = first;
        this.second = second;
        this.roundTrips = roundTrips;
    }

    @Override
    public String next(List<String> enabled) {
        // The first step runs a worker from its first line to its first round trip; each later one
        // runs one round trip and the code after it up to the next.
        if (!switched && enabled.contains(first) && firstSteps < roundTrips + 1) {
            firstSteps++;
            return first;
        }
        if (!switched) {
            switched = true;
            held = enabled.contains(first) && enabled.contains(second) && firstSteps == roundTrips + 1;
        }
        if (enabled.contains(second)) {
            return second;
        }
        return enabled.contains(first) ? first : enabled.get(0);
    }

    /** Whether {@code first} was held where this policy holds it, with {@code second} free to move. */
    public boolean held() {
        return held;
    }

    @Override
    public String describe() {
        return first + " held before its round trip after " + ordinal(roundTrips) + " while " + second + " ran";
    }

    static String ordinal(int n) {
        String suffix = n % 100 >= 11 && n % 100 <= 13 ? "th"
                : switch (n % 10) {
                    case 1 -> "st";
                    case 2 -> "nd";
                    case 3 -> "rd";
                    default -> "th";
                };
        return "the " + n + suffix;
    }
}
