package dev.lockdrill.harness.schedule;

import java.util.List;

/**
 * One or two preemptions between two workers: {@code first} makes {@code roundTrips} round trips
 * and is held before its next one; {@code second} then runs, as far as it can ({@link #once}) or
 * for {@code secondRoundTrips} round trips ({@link #twice}) before it is held in turn while
 * {@code first} runs on; then whoever can move, {@code first} preferred. Run for every pair of gaps
 * and both orders, it meets a check-then-act anywhere in one worker's calls with the other's calls
 * stopped at any point of theirs: a lock taken but not yet released, a row written but not yet
 * committed. A systematic search, not a hope that threads meet.
 */
public final class Preempt implements SchedulePolicy {
    private final String first;
    private final String second;
    private final int roundTrips;
    private final int secondRoundTrips;
    private int firstSteps;
    private int secondSteps;
    private boolean switched;
    private boolean switchedBack;
    private boolean held;
    private boolean secondHeld;

    private Preempt(String first, String second, int roundTrips, int secondRoundTrips) {
        if (roundTrips < 1 || secondRoundTrips < 1) {
            throw new IllegalArgumentException("a worker is held after at least one round trip");
        }
        this.first = first;
        this.second = second;
        this.roundTrips = roundTrips;
        this.secondRoundTrips = secondRoundTrips;
    }

    /** {@code first} held after {@code roundTrips} round trips while {@code second} runs as far as it can. */
    public static Preempt once(String first, String second, int roundTrips) {
        return new Preempt(first, second, roundTrips, Integer.MAX_VALUE - 1);
    }

    /** As {@link #once}, and {@code second} held in turn after {@code secondRoundTrips} round trips. */
    public static Preempt twice(String first, String second, int roundTrips, int secondRoundTrips) {
        return new Preempt(first, second, roundTrips, secondRoundTrips);
    }

    @Override
    public String next(List<String> enabled) {
        // A worker's first step runs it from its first line to its first round trip; each later one
        // runs one round trip and the code after it up to the next.
        if (!switched && enabled.contains(first) && firstSteps < roundTrips + 1) {
            firstSteps++;
            return first;
        }
        if (!switched) {
            switched = true;
            held = enabled.contains(first) && enabled.contains(second) && firstSteps == roundTrips + 1;
        }
        if (!switchedBack && enabled.contains(second) && secondSteps < secondRoundTrips + 1) {
            secondSteps++;
            return second;
        }
        if (!switchedBack) {
            switchedBack = true;
            secondHeld = held && enabled.contains(second) && enabled.contains(first)
                    && secondSteps == secondRoundTrips + 1;
        }
        if (enabled.contains(first)) {
            return first;
        }
        return enabled.contains(second) ? second : enabled.get(0);
    }

    /** Whether {@code first} was held where this policy holds it, with {@code second} free to move. */
    public boolean held() {
        return held;
    }

    /** Whether {@code second} was held in turn too, with {@code first} free to move ({@link #twice} only). */
    public boolean secondHeld() {
        return secondHeld;
    }

    @Override
    public String describe() {
        // After the run: what happened (the second worker may have ended before its gap).
        return first + " held after its " + ordinal(roundTrips) + " round trip while " + second + " ran"
                + (secondHeld ? " " + secondRoundTrips + " round trip" + (secondRoundTrips == 1 ? "" : "s")
                + " and was held in turn" : " to its end");
    }

    static String ordinal(int n) {
        String suffix = n % 100 >= 11 && n % 100 <= 13 ? "th"
                : switch (n % 10) {
                    case 1 -> "st";
                    case 2 -> "nd";
                    case 3 -> "rd";
                    default -> "th";
                };
        return n + suffix;
    }
}
