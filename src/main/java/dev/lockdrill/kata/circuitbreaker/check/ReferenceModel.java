package dev.lockdrill.kata.circuitbreaker.check;

import dev.lockdrill.check.Evidence;
import dev.lockdrill.kata.circuitbreaker.check.Divergence.Kind;
import dev.lockdrill.history.Op;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * Replays a sequential breaker trace against Resilience4j's semantics (count-based window, rates
 * compared with {@code >=}, a trial once the wait has elapsed, the half-open verdict once
 * min(minimumNumberOfCalls, permitted) trials are back, as Resilience4j decides, or at the latest
 * when all permitted trials are back) and reports the first step where the implementation differs.
 * Exactly at the end of the wait either answer is accepted.
 */
final class ReferenceModel {
    private final BreakerTrace trace;
    private final ModelConfig config;
    private final long origin;
    private String state = "CLOSED";
    private long openedAt;
    private final Deque<boolean[]> window = new ArrayDeque<>();
    private int trialsGiven;
    private final List<boolean[]> trials = new ArrayList<>();

    private ReferenceModel(BreakerTrace trace) {
        this.trace = trace;
        this.config = trace.config();
        this.origin = trace.ops().isEmpty() ? 0 : trace.ops().get(0).longArg("tick");
    }

    static Optional<Divergence> replay(BreakerTrace trace) {
        return new ReferenceModel(trace).run();
    }

    private Optional<Divergence> run() {
        List<Op> ops = trace.ops();
        int i = 0;
        while (i < ops.size()) {
            Op step = ops.get(i++);
            List<Op> events = new ArrayList<>();
            while (i < ops.size() && ops.get(i).is("transition")) {
                events.add(ops.get(i++));
            }
            if (step.is("transition")) {
                events.add(0, step);
                return diverge(Kind.UNEXPECTED_TRANSITION, step, events, "announced outside any call");
            }
            if (!step.ok()) {
                return Optional.empty();
            }
            Optional<Divergence> divergence = step.is("acquire") ? acquire(step, events) : outcome(step, events);
            if (divergence.isPresent()) {
                return divergence;
            }
        }
        return Optional.empty();
    }

    private Optional<Divergence> acquire(Op step, List<Op> events) {
        boolean permitted = step.boolResult("permitted");
        if (state.equals("OPEN")) {
            long elapsed = step.longArg("tick") - openedAt;
            boolean moved = !events.isEmpty() && TransitionText.is(events.get(0), "OPEN", "HALF_OPEN");
            if (elapsed < config.waitNanos() || elapsed == config.waitNanos() && !moved) {
                if (permitted || moved) {
                    return diverge(Kind.PERMIT_WHILE_OPEN, step, events, "only " + seconds(elapsed) + " of the "
                            + seconds(config.waitNanos()) + " open wait had elapsed");
                }
                return expectNone(step, events);
            }
            if (!moved) {
                return permitted ? diverge(Kind.EVENT_COUNT, step, events, "a trial was let through without "
                        + "announcing OPEN→HALF_OPEN")
                        : diverge(Kind.STAYED_OPEN, step, events, seconds(elapsed) + " after opening, past the "
                        + seconds(config.waitNanos()) + " wait, the breaker should have let a trial through");
            }
            if (events.size() > 1) {
                return diverge(Kind.EVENT_COUNT, step, events, "one transition announced more than once");
            }
            state = "HALF_OPEN";
            trialsGiven = 0;
            trials.clear();
            events = List.of();
        }
        Optional<Divergence> unexpected = expectNone(step, events);
        if (unexpected.isPresent() || state.equals("CLOSED")) {
            return unexpected.isPresent() ? unexpected : permitted ? Optional.empty()
                    : diverge(Kind.REJECTED_WHILE_CLOSED, step, events, "a closed breaker rejected a call");
        }
        if (trialsGiven < config.halfOpenTrials()) {
            trialsGiven++;
            return permitted ? Optional.empty() : diverge(Kind.REJECTED_TRIAL, step, events, "only "
                    + (trialsGiven - 1) + " of " + config.halfOpenTrials() + " trials had been let through");
        }
        return permitted ? diverge(Kind.HALF_OPEN_OVER_LIMIT, step, events, "all "
                + config.halfOpenTrials() + " permitted trials were already out") : Optional.empty();
    }

    private Optional<Divergence> outcome(Op step, List<Op> events) {
        boolean[] call = {step.is("error"), step.longArg("durationNanos") > config.slowCallNanos()};
        if (state.equals("CLOSED")) {
            window.addLast(call);
            while (window.size() > config.windowSize()) {
                window.removeFirst();
            }
            int failed = count(window, 0);
            int slow = count(window, 1);
            boolean trips = window.size() >= config.minimumCalls() && config.trips(failed, slow, window.size());
            String why = window.size() + " calls in the window (minimumNumberOfCalls " + config.minimumCalls()
                    + "), " + failed + " failed, " + slow + " slow";
            if (!trips) {
                return expectNone(step, events, Kind.OPENED_TOO_EARLY, why);
            }
            window.clear();
            return expect(step, events, "CLOSED", "OPEN", Kind.DID_NOT_OPEN, why);
        }
        if (state.equals("OPEN")) {
            return expectNone(step, events);
        }
        trials.add(call);
        int failed = count(trials, 0);
        int slow = count(trials, 1);
        String why = trials.size() + " of " + config.halfOpenTrials() + " trials back, " + failed + " failed, "
                + slow + " slow";
        int earliest = Math.min(config.minimumCalls(), config.halfOpenTrials());
        if (trials.size() < earliest || events.isEmpty() && trials.size() < config.halfOpenTrials()) {
            return expectNone(step, events, Kind.WRONG_HALF_OPEN_DECISION, why + " (it may decide after "
                    + earliest + " and must after " + config.halfOpenTrials() + ")");
        }
        String to = config.trips(failed, slow, trials.size()) ? "OPEN" : "CLOSED";
        return expect(step, events, "HALF_OPEN", to, Kind.WRONG_HALF_OPEN_DECISION, why);
    }

    private Optional<Divergence> expect(Op step, List<Op> events, String from, String to, Kind kind, String why) {
        if (!events.isEmpty() && TransitionText.is(events.get(0), "CLOSED", "HALF_OPEN")) {
            return diverge(Kind.CLOSED_TO_HALF_OPEN, step, events, "CLOSED never goes straight to HALF_OPEN");
        }
        if (events.isEmpty() || !TransitionText.is(events.get(0), from, to)) {
            return diverge(kind, step, events, why + ": expected " + from + "→" + to);
        }
        if (events.size() > 1) {
            return diverge(Kind.EVENT_COUNT, step, events, "one transition announced more than once");
        }
        state = to;
        openedAt = step.longArg("tick");
        return Optional.empty();
    }

    private Optional<Divergence> expectNone(Op step, List<Op> events) {
        return expectNone(step, events, Kind.UNEXPECTED_TRANSITION, "no transition was due");
    }

    private Optional<Divergence> expectNone(Op step, List<Op> events, Kind kind, String why) {
        if (events.isEmpty()) {
            return Optional.empty();
        }
        if (TransitionText.is(events.get(0), "CLOSED", "HALF_OPEN")) {
            return diverge(Kind.CLOSED_TO_HALF_OPEN, step, events, "CLOSED never goes straight to HALF_OPEN");
        }
        if (!TransitionText.is(events.get(0), state, events.get(0).stringArg("to"))) {
            return diverge(Kind.EVENT_COUNT, step, events, "the breaker was " + state + " (announced already)");
        }
        return diverge(kind, step, events, why);
    }

    private Optional<Divergence> diverge(Kind kind, Op step, List<Op> events, String why) {
        List<Evidence> evidence = new ArrayList<>();
        evidence.add(Evidence.of(trace.breaker() + " was " + state + "; " + describe(step) + " — " + why, step.id()));
        for (Op event : events) {
            evidence.add(Evidence.of("  it announced " + TransitionText.arrow(event), event.id()));
        }
        return Optional.of(new Divergence(kind, trace, evidence));
    }

    private String describe(Op step) {
        String at = "at t+" + seconds(step.longArg("tick") - origin);
        if (step.is("acquire")) {
            return at + " tryAcquirePermission() returned " + step.boolResult("permitted");
        }
        return at + " " + (step.is("error") ? "onError" : "onSuccess") + "(" + seconds(step.longArg("durationNanos"))
                + ")";
    }

    static String seconds(long nanos) {
        return String.format(Locale.ROOT, "%.3f s", nanos / 1e9);
    }

    private static int count(Iterable<boolean[]> calls, int index) {
        int n = 0;
        for (boolean[] call : calls) {
            n += call[index] ? 1 : 0;
        }
        return n;
    }
}
