package dev.lockdrill.kata.circuitbreaker.check;

import dev.lockdrill.check.Evidence;
import dev.lockdrill.history.Op;
import dev.lockdrill.kata.circuitbreaker.check.Divergence.Kind;
import dev.lockdrill.kata.circuitbreaker.protocol.Acquire;
import dev.lockdrill.kata.circuitbreaker.protocol.BreakerOp;
import dev.lockdrill.kata.circuitbreaker.protocol.CallOutcome;
import dev.lockdrill.kata.circuitbreaker.protocol.State;
import dev.lockdrill.kata.circuitbreaker.protocol.Transition;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Deque;
import java.util.EnumMap;
import java.util.EnumSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * Replays a sequential breaker trace against Resilience4j's semantics (count-based window, rates
 * compared with {@code >=}, a trial once the wait has elapsed, the half-open verdict once
 * min(minimumNumberOfCalls, permitted) trials are back, as Resilience4j decides, or at the latest
 * when all permitted trials are back) and reports the first step where the implementation differs.
 * Exactly at the end of the wait either answer is accepted.
 *
 * <p>The model's state is a {@link State}; it moves only along {@link #TRANSITIONS}, and each state
 * has its own handlers for a permit request and for an outcome.
 */
final class ReferenceModel {
    /** The only moves a breaker makes; there is no CLOSED→HALF_OPEN. */
    static final Map<State, Set<State>> TRANSITIONS = new EnumMap<>(Map.of(
            State.CLOSED, EnumSet.of(State.OPEN),
            State.OPEN, EnumSet.of(State.HALF_OPEN),
            State.HALF_OPEN, EnumSet.of(State.OPEN, State.CLOSED)));

    private final BreakerTrace trace;
    private final ModelConfig config;
    private final long origin;
    private State state = State.CLOSED;
    private long openedAt;
    private final Deque<Call> window = new ArrayDeque<>();
    private final List<Call> sinceClosed = new ArrayList<>();
    private int trialsGiven;
    private final List<Call> trials = new ArrayList<>();
    private final Set<State> acquiredIn = EnumSet.noneOf(State.class);
    private final Set<State> reportedIn = EnumSet.noneOf(State.class);

    /** One reported call as the model counts it. */
    private record Call(boolean failed, long durationNanos) {
    }

    /** What replaying one trace found: the first divergence, if any, and the states in which it judged calls. */
    record Replay(BreakerTrace trace, Optional<Divergence> divergence, Set<State> acquiredIn, Set<State> reportedIn) {
    }

    private ReferenceModel(BreakerTrace trace) {
        this.trace = trace;
        this.config = trace.config();
        this.origin = trace.ops().isEmpty() ? 0 : tick(trace.ops().get(0));
    }

    static Replay replay(BreakerTrace trace) {
        ReferenceModel model = new ReferenceModel(trace);
        Optional<Divergence> divergence = model.run();
        return new Replay(trace, divergence, model.acquiredIn, model.reportedIn);
    }

    private Optional<Divergence> run() {
        List<Op> ops = trace.ops();
        int i = 0;
        while (i < ops.size()) {
            Op step = ops.get(i++);
            List<Op> events = new ArrayList<>();
            while (i < ops.size() && ops.get(i).is(BreakerOp.TRANSITION)) {
                events.add(ops.get(i++));
            }
            if (step.is(BreakerOp.TRANSITION)) {
                events.add(0, step);
                return diverge(Kind.UNEXPECTED_TRANSITION, step, events, "announced outside any call");
            }
            if (!step.ok()) {
                return Optional.empty();
            }
            Optional<Divergence> divergence = step.is(BreakerOp.ACQUIRE) ? acquire(step, events)
                    : outcome(step, events);
            if (divergence.isPresent()) {
                return divergence;
            }
        }
        return Optional.empty();
    }

    private Optional<Divergence> acquire(Op step, List<Op> events) {
        acquiredIn.add(state);
        switch (state) {
            case CLOSED:
                return acquireWhileClosed(step, events);
            case OPEN:
                return acquireWhileOpen(step, events);
            default:
                return acquireWhileHalfOpen(step, events);
        }
    }

    private Optional<Divergence> outcome(Op step, List<Op> events) {
        CallOutcome outcome = CallOutcome.of(step);
        Call call = new Call(outcome.failed(), outcome.durationNanos());
        reportedIn.add(state);
        switch (state) {
            case CLOSED:
                return outcomeWhileClosed(step, events, call);
            case OPEN:
                return expectNone(step, events);
            default:
                return outcomeWhileHalfOpen(step, events, call);
        }
    }

    private Optional<Divergence> acquireWhileClosed(Op step, List<Op> events) {
        Optional<Divergence> unexpected = expectNone(step, events);
        if (unexpected.isPresent()) {
            return unexpected;
        }
        return Acquire.permitted(step) ? Optional.empty()
                : diverge(Kind.REJECTED_WHILE_CLOSED, step, events, "a closed breaker rejected a call");
    }

    private Optional<Divergence> acquireWhileOpen(Op step, List<Op> events) {
        boolean permitted = Acquire.permitted(step);
        long elapsed = tick(step) - openedAt;
        boolean moved = !events.isEmpty() && Transition.of(events.get(0)).is(State.OPEN, State.HALF_OPEN);
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
        enter(State.HALF_OPEN, step);
        return acquireWhileHalfOpen(step, List.of());
    }

    private Optional<Divergence> acquireWhileHalfOpen(Op step, List<Op> events) {
        Optional<Divergence> unexpected = expectNone(step, events);
        if (unexpected.isPresent()) {
            return unexpected;
        }
        boolean permitted = Acquire.permitted(step);
        if (trialsGiven < config.halfOpenTrials()) {
            trialsGiven++;
            return permitted ? Optional.empty() : diverge(Kind.REJECTED_TRIAL, step, events, "only "
                    + (trialsGiven - 1) + " of " + config.halfOpenTrials() + " trials had been let through");
        }
        return permitted ? diverge(Kind.HALF_OPEN_OVER_LIMIT, step, events, "all "
                + config.halfOpenTrials() + " permitted trials were already out") : Optional.empty();
    }

    private Optional<Divergence> outcomeWhileClosed(Op step, List<Op> events, Call call) {
        window.addLast(call);
        sinceClosed.add(call);
        while (window.size() > config.windowSize()) {
            window.removeFirst();
        }
        int failed = failed(window);
        int slow = slow(window, Rule.STANDARD);
        boolean trips = opens(window, Rule.STANDARD);
        String why = window.size() + " calls in the window (minimumNumberOfCalls " + config.minimumCalls()
                + "), " + failed + " failed, " + slow + " slow";
        if (!trips) {
            Kind kind = window.size() < config.minimumCalls() ? Kind.OPENED_TOO_EARLY
                    : opens(window, Rule.SLOW_AT_THRESHOLD) ? Kind.SLOW_CALL_MISJUDGED
                    : opens(sinceClosed, Rule.STANDARD) ? Kind.WINDOW_NOT_SLIDING : Kind.OPENED_TOO_EARLY;
            return expectNone(step, events, kind, why);
        }
        Kind kind = !opens(window, Rule.STRICT) ? Kind.DID_NOT_OPEN
                : !opens(window, Rule.FAILURES_ONLY) ? Kind.SLOW_CALL_MISJUDGED
                : !opens(sinceClosed, Rule.STANDARD) ? Kind.WINDOW_NOT_SLIDING : Kind.DID_NOT_OPEN;
        return expect(step, events, State.OPEN, kind, why);
    }

    private Optional<Divergence> outcomeWhileHalfOpen(Op step, List<Op> events, Call call) {
        trials.add(call);
        int failed = failed(trials);
        int slow = slow(trials, Rule.STANDARD);
        String why = trials.size() + " of " + config.halfOpenTrials() + " trials back, " + failed + " failed, "
                + slow + " slow";
        int earliest = Math.min(config.minimumCalls(), config.halfOpenTrials());
        if (trials.size() < earliest || events.isEmpty() && trials.size() < config.halfOpenTrials()) {
            return expectNone(step, events, Kind.WRONG_HALF_OPEN_DECISION, why + " (it may decide after "
                    + earliest + " and must after " + config.halfOpenTrials() + ")");
        }
        State to = trips(trials, Rule.STANDARD) ? State.OPEN : State.CLOSED;
        State announced = events.isEmpty() ? null : Transition.of(events.get(0)).to();
        boolean slowExplains = announced != null && announced != to && decision(Rule.STRICT) != announced
                && (decision(Rule.SLOW_AT_THRESHOLD) == announced || decision(Rule.FAILURES_ONLY) == announced);
        return expect(step, events, to, slowExplains ? Kind.SLOW_CALL_MISJUDGED : Kind.WRONG_HALF_OPEN_DECISION,
                why);
    }

    private State decision(Rule rule) {
        return trips(trials, rule) ? State.OPEN : State.CLOSED;
    }

    /**
     * How a hypothesis counts calls: the kata's rule, or a plausible misreading of it (rates compared
     * with {@code >}; a call of exactly the threshold counted slow; slow calls not counted). A
     * divergence is put down to slow calls or to the window only when {@code >} does not explain it.
     */
    private enum Rule {
        STANDARD, STRICT, SLOW_AT_THRESHOLD, FAILURES_ONLY
    }

    private boolean opens(Collection<Call> calls, Rule rule) {
        return calls.size() >= config.minimumCalls() && trips(calls, rule);
    }

    private boolean trips(Collection<Call> calls, Rule rule) {
        int failed = failed(calls);
        if (rule == Rule.FAILURES_ONLY) {
            return failed * 100.0 >= config.failureRateThreshold() * calls.size();
        }
        if (rule == Rule.STRICT) {
            return failed * 100.0 > config.failureRateThreshold() * calls.size()
                    || slow(calls, rule) * 100.0 > config.slowCallRateThreshold() * calls.size();
        }
        return config.trips(failed, slow(calls, rule), calls.size());
    }

    private static int failed(Iterable<Call> calls) {
        int n = 0;
        for (Call call : calls) {
            n += call.failed() ? 1 : 0;
        }
        return n;
    }

    private int slow(Iterable<Call> calls, Rule rule) {
        int n = 0;
        for (Call call : calls) {
            boolean slow = rule == Rule.SLOW_AT_THRESHOLD ? call.durationNanos() >= config.slowCallNanos()
                    : call.durationNanos() > config.slowCallNanos();
            n += slow ? 1 : 0;
        }
        return n;
    }

    /** The step must have announced exactly one transition, from the model's state to {@code to}. */
    private Optional<Divergence> expect(Op step, List<Op> events, State to, Kind kind, String why) {
        if (!events.isEmpty() && Transition.of(events.get(0)).is(State.CLOSED, State.HALF_OPEN)) {
            return diverge(Kind.CLOSED_TO_HALF_OPEN, step, events, "CLOSED never goes straight to HALF_OPEN");
        }
        if (events.isEmpty() || !Transition.of(events.get(0)).is(state, to)) {
            return diverge(kind, step, events, why + ": expected " + state + "→" + to);
        }
        if (events.size() > 1) {
            return diverge(Kind.EVENT_COUNT, step, events, "one transition announced more than once");
        }
        enter(to, step);
        return Optional.empty();
    }

    /** Moves the model along the table and starts the new state afresh. */
    private void enter(State to, Op step) {
        if (!TRANSITIONS.get(state).contains(to)) {
            throw new IllegalStateException("the reference model has no transition " + state + "→" + to);
        }
        state = to;
        switch (to) {
            case CLOSED:
                window.clear();
                sinceClosed.clear();
                break;
            case OPEN:
                openedAt = tick(step);
                break;
            default:
                trialsGiven = 0;
                trials.clear();
        }
    }

    private Optional<Divergence> expectNone(Op step, List<Op> events) {
        return expectNone(step, events, Kind.UNEXPECTED_TRANSITION, "no transition was due");
    }

    private Optional<Divergence> expectNone(Op step, List<Op> events, Kind kind, String why) {
        if (events.isEmpty()) {
            return Optional.empty();
        }
        Transition first = Transition.of(events.get(0));
        if (first.is(State.CLOSED, State.HALF_OPEN)) {
            return diverge(Kind.CLOSED_TO_HALF_OPEN, step, events, "CLOSED never goes straight to HALF_OPEN");
        }
        if (first.from() != state) {
            return diverge(Kind.EVENT_COUNT, step, events, "the breaker was " + state + " (announced already)");
        }
        return diverge(kind, step, events, why);
    }

    private Optional<Divergence> diverge(Kind kind, Op step, List<Op> events, String why) {
        List<Evidence> evidence = new ArrayList<>();
        evidence.add(Evidence.of(trace.breaker() + " was " + state + "; " + describe(step) + " — " + why, step.id()));
        for (Op event : events) {
            evidence.add(Evidence.of("  it announced " + Transition.of(event).arrow(), event.id()));
        }
        return Optional.of(new Divergence(kind, trace, evidence));
    }

    private String describe(Op step) {
        String at = "at t+" + seconds(tick(step) - origin);
        if (step.is(BreakerOp.ACQUIRE)) {
            return at + " tryAcquirePermission() returned " + Acquire.permitted(step);
        }
        CallOutcome outcome = CallOutcome.of(step);
        return at + " " + (outcome.failed() ? "onError" : "onSuccess") + "(" + seconds(outcome.durationNanos()) + ")";
    }

    private static long tick(Op op) {
        return op.longArg("tick");
    }

    static String seconds(long nanos) {
        return String.format(Locale.ROOT, "%.3f s", nanos / 1e9);
    }
}
