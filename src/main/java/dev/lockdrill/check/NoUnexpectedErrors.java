package dev.lockdrill.check;

import dev.lockdrill.history.FaultEvent;
import dev.lockdrill.history.FaultKind;
import dev.lockdrill.history.History;
import dev.lockdrill.history.Op;

import java.util.List;
import java.util.function.Function;
import java.util.function.Predicate;

/**
 * The calls a kata judges complete without an error, unless one of the kata's excuses covers
 * the error (its worker's session was killed during it, its worker crashed...): an
 * implementation that throws where the contract says it answers is not available.
 */
public final class NoUnexpectedErrors implements Invariant {
    /** A reason an operation may end in an error. */
    @FunctionalInterface
    public interface Excuse {
        boolean covers(History history, Op op);
    }

    static final int MAX_REPORTED = 5;

    private final String description;
    private final Predicate<Op> judged;
    private final Function<Op, String> describe;
    private final List<Excuse> excuses;

    public NoUnexpectedErrors(String description, Predicate<Op> judged, Function<Op, String> describe,
                              Excuse... excuses) {
        this.description = description;
        this.judged = judged;
        this.describe = describe;
        this.excuses = List.of(excuses);
    }

    /** A fault of this kind that landed on the op's own worker while the op was in flight. */
    public static Excuse hitDuring(FaultKind kind) {
        return (history, op) -> history.faults(op.scenario()).stream().anyMatch(f -> f.is(kind) && f.landed()
                && f.target().equals(op.worker()) && f.overlaps(op.invokeNanos(), op.completeNanos()));
    }

    /** A fault of this kind that landed on the op's own worker before the op ended. */
    public static Excuse hitBefore(FaultKind kind) {
        return (history, op) -> history.faults(op.scenario()).stream().anyMatch(f -> f.is(kind) && f.landed()
                && f.target().equals(op.worker()) && f.startNanos() <= op.completeNanos());
    }

    /**
     * The first {@code n} judged calls of the op's worker that end after a landed fault of this kind
     * began (a pool may hand out a connection the kill closed while it sat idle).
     */
    public Excuse firstCallsAfter(FaultKind kind, int n) {
        return (history, op) -> {
            for (FaultEvent fault : history.faults(op.scenario())) {
                if (!fault.is(kind) || !fault.landed() || !fault.target().equals(op.worker())) {
                    continue;
                }
                List<Op> after = history.ops(o -> judged.test(o) && o.scenario().equals(op.scenario())
                        && o.worker().equals(op.worker()) && o.completeNanos() >= fault.startNanos());
                if (after.stream().limit(n).anyMatch(o -> o.id() == op.id())) {
                    return true;
                }
            }
            return false;
        };
    }

    /**
     * The first judged call of the op's worker begun after a landed fault of this kind ended: a call
     * that was in flight when the fault struck, and answered, does not use up this excuse, nor does one
     * begun while a slow kill had not yet reached an idle pooled connection (such calls overlap the
     * fault: {@link #hitDuring} judges them). Measured on a busy machine: a kill that took 74 ms, four
     * calls that ran well meanwhile, and the next call that met the connection it had closed.
     */
    public Excuse firstCallBegunAfter(FaultKind kind) {
        return (history, op) -> history.faults(op.scenario()).stream().anyMatch(fault -> fault.is(kind)
                && fault.landed() && fault.target().equals(op.worker())
                && history.ops(o -> judged.test(o) && o.scenario().equals(op.scenario())
                        && o.worker().equals(op.worker()) && o.invokeNanos() >= fault.endNanos()).stream()
                .findFirst().filter(o -> o.id() == op.id()).isPresent());
    }

    @Override
    public String name() {
        return "no-unexpected-errors";
    }

    @Override
    public String description() {
        return description;
    }

    @Override
    public InvariantResult check(History history) {
        List<Evidence> evidence = history.ops(op -> judged.test(op) && !op.ok()
                        && excuses.stream().noneMatch(e -> e.covers(history, op))).stream()
                .map(op -> Evidence.of(describe.apply(op), op.id()))
                .toList();
        return failIfAny(Evidence.capped(evidence, MAX_REPORTED));
    }
}
