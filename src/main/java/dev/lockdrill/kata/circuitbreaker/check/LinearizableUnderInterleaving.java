package dev.lockdrill.kata.circuitbreaker.check;

import dev.lockdrill.check.Evidence;
import dev.lockdrill.check.Invariant;
import dev.lockdrill.check.InvariantResult;
import dev.lockdrill.history.History;
import dev.lockdrill.history.Observation;
import dev.lockdrill.history.Op;
import dev.lockdrill.kata.circuitbreaker.protocol.BreakerOp;
import dev.lockdrill.kata.circuitbreaker.protocol.Schedule;
import dev.lockdrill.kata.circuitbreaker.protocol.State;
import dev.lockdrill.kata.circuitbreaker.protocol.Transition;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * Linearizability against the reference model: for each breaker whose calls ran under a controlled
 * interleaving, some order of its calls that keeps real-time order (a call that returned before
 * another began stays before it), with the announced transitions in the order they were announced,
 * each placed after a call that could have made it, must replay through {@link ReferenceModel}
 * without a divergence. A transition is announced after the state changed ("before that call
 * returns", C8), and another thread may see the new state in between, so the change may be placed
 * after any call that was running between the start of the earliest call still running at the
 * announcement and the announcement itself. OPEN→HALF_OPEN is due to the time, not to a call, and
 * the contract gives its trial to a call after the wait, not to the one that noticed it: that one may
 * be placed after any later call that gets the trial.
 * When none does, the evidence is the calls, what they returned and announced, and the interleaving
 * (each worker's steps) with the command that replays it.
 */
public final class LinearizableUnderInterleaving implements Invariant {
    private static final int STEPS_SHOWN_PER_WORKER = 12;

    @Override
    public String name() {
        return "linearizable-under-interleaving";
    }

    @Override
    public String description() {
        return "calls made at once behave as if made one at a time in some order the reference model accepts, "
                + "in every seeded interleaving";
    }

    @Override
    public InvariantResult check(History history) {
        Map<String, Schedule> schedules = new LinkedHashMap<>();
        for (Observation observation : history.observations(Schedule.OBSERVATION)) {
            for (Map<String, Object> row : observation.rows()) {
                Schedule schedule = Schedule.of(row);
                schedules.put(schedule.breaker(), schedule);
            }
        }
        if (schedules.isEmpty()) {
            return notExercised("no calls ran under a controlled interleaving");
        }
        List<Evidence> evidence = new ArrayList<>();
        List<Evidence> stuck = new ArrayList<>();
        for (BreakerTrace trace : BreakerTrace.all(history)) {
            Schedule schedule = schedules.get(trace.breaker());
            if (schedule == null) {
                continue;
            }
            if (!schedule.stuck().isEmpty()) {
                stuck.add(Evidence.of(trace.breaker() + ": the interleaving stopped early: " + schedule.stuck()
                        + swimlanes(schedule)));
                continue;
            }
            if (!linearizable(trace)) {
                List<Op> racing = trace.ops().stream().filter(op -> workers(schedule).contains(op.worker())).toList();
                evidence.add(new Evidence(trace.breaker() + " (" + schedule.moment() + "): no order of these calls "
                        + "is one the reference model accepts: " + calls(racing) + swimlanes(schedule)
                        + "\n  the same schedule again: " + schedule.replay(), racing.stream().map(Op::id).toList()));
            }
        }
        if (!evidence.isEmpty()) {
            return fail(Evidence.capped(evidence, 3));
        }
        return stuck.isEmpty() ? pass() : unknown(Evidence.capped(stuck, 3));
    }

    /** True if some order of the trace's calls, respecting real time, replays without a divergence. */
    static boolean linearizable(BreakerTrace trace) {
        List<Op> calls = trace.ops().stream().filter(op -> !op.is(BreakerOp.TRANSITION)).toList();
        List<Op> transitions = trace.transitions();
        return search(trace, calls, transitions, new ArrayList<>(), new boolean[calls.size()], 0);
    }

    private static boolean search(BreakerTrace trace, List<Op> calls, List<Op> transitions, List<Op> order,
                                  boolean[] placed, int nextTransition) {
        if (order.size() - nextTransition == calls.size()) {
            if (nextTransition < transitions.size()) {
                return false;
            }
            BreakerTrace candidate = new BreakerTrace(trace.breaker(), trace.scenario(), trace.config(), true,
                    List.copyOf(order));
            return ReferenceModel.replay(candidate).divergence().isEmpty();
        }
        for (int i = 0; i < calls.size(); i++) {
            if (placed[i] || !ready(calls, placed, i)) {
                continue;
            }
            Op call = calls.get(i);
            placed[i] = true;
            order.add(call);
            int size = order.size();
            int t = nextTransition;
            while (true) {
                if (search(trace, calls, transitions, order, placed, t)) {
                    return true;
                }
                if (t >= transitions.size() || !couldHaveMade(call, transitions.get(t), calls)) {
                    break;
                }
                order.add(transitions.get(t++));
            }
            order.subList(size - 1, order.size()).clear();
            placed[i] = false;
        }
        return false;
    }

    /** A call may go next once every call that returned before it began is placed. */
    private static boolean ready(List<Op> calls, boolean[] placed, int i) {
        for (int j = 0; j < calls.size(); j++) {
            if (!placed[j] && j != i && calls.get(j).precedes(calls.get(i))) {
                return false;
            }
        }
        return true;
    }

    private static boolean couldHaveMade(Op call, Op transition, List<Op> calls) {
        long announced = transition.invokeNanos();
        long changedFrom = calls.stream()
                .filter(c -> c.invokeNanos() <= announced && announced <= c.completeNanos())
                .mapToLong(Op::invokeNanos).min().orElse(announced);
        boolean dueToTime = Transition.of(transition).is(State.OPEN, State.HALF_OPEN);
        return (dueToTime || call.invokeNanos() <= announced) && call.completeNanos() >= changedFrom;
    }

    private static Set<String> workers(Schedule schedule) {
        return schedule.steps().stream().map(Schedule.Step::worker).collect(Collectors.toSet());
    }

    private static String calls(List<Op> racing) {
        List<String> lines = new ArrayList<>();
        for (Op op : racing) {
            if (op.is(BreakerOp.TRANSITION)) {
                lines.add(op.worker() + " announced " + Transition.of(op).arrow());
            } else {
                lines.add(op.worker() + " " + op.f() + Optional.ofNullable(op.accepted().orElse(null))
                        .map(a -> a ? " → permitted" : " → refused").orElse(""));
            }
        }
        return String.join("; ", lines);
    }

    /** The interleaving as one line per worker: the step numbers and the yield points it went on from. */
    static String swimlanes(Schedule schedule) {
        Map<String, List<String>> lanes = new LinkedHashMap<>();
        int index = 0;
        for (Schedule.Step step : schedule.steps()) {
            index++;
            lanes.computeIfAbsent(step.worker(), w -> new ArrayList<>()).add("#" + index + " " + step.at());
        }
        StringBuilder text = new StringBuilder("\n  interleaving (" + schedule.steps().size() + " steps):");
        for (Map.Entry<String, List<String>> lane : lanes.entrySet()) {
            List<String> steps = lane.getValue();
            List<String> shown = steps.size() <= STEPS_SHOWN_PER_WORKER ? steps
                    : steps.subList(steps.size() - STEPS_SHOWN_PER_WORKER, steps.size());
            text.append("\n  ").append(lane.getKey()).append(" | ")
                    .append(steps.size() > shown.size() ? "… " : "").append(String.join(" · ", shown));
        }
        return text.toString();
    }
}
