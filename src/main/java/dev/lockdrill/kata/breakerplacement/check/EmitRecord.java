package dev.lockdrill.kata.breakerplacement.check;

import dev.lockdrill.support.Text;
import dev.lockdrill.history.Op;
import dev.lockdrill.kata.breakerplacement.protocol.EmitterOp;
import dev.lockdrill.kata.breakerplacement.protocol.Permit;
import dev.lockdrill.kata.breakerplacement.protocol.PlatformCall;
import dev.lockdrill.kata.breakerplacement.protocol.Sleep;
import dev.lockdrill.kata.breakerplacement.protocol.Stamp;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * One call of emit(event) and what happened inside it, in order: every op up to the next emit
 * ({@code ops}), and among them the platform calls, sleeps, and endings (outbox outcomes or a throw).
 */
record EmitRecord(Op emit, List<Op> ops, List<Op> calls, List<Op> sleeps, List<Op> endings) {

    static List<EmitRecord> of(List<Op> scenarioOps) {
        List<EmitRecord> records = new ArrayList<>();
        EmitRecord current = null;
        for (Op op : scenarioOps) {
            Optional<EmitterOp> type = EmitterOp.of(op);
            if (type.isEmpty()) {
                continue;
            }
            if (type.get() == EmitterOp.EMIT) {
                current = new EmitRecord(op, new ArrayList<>(), new ArrayList<>(), new ArrayList<>(),
                        new ArrayList<>());
                records.add(current);
                continue;
            }
            if (current != null) {
                current.ops().add(op);
            }
            if (current != null && type.get() == EmitterOp.PLATFORM_CALL) {
                current.calls().add(op);
            } else if (current != null && type.get() == EmitterOp.SLEEP) {
                current.sleeps().add(op);
            } else if (current != null && type.get().isEnding()) {
                current.endings().add(op);
            }
        }
        return records;
    }

    Stamp stamp() {
        return Stamp.of(emit);
    }

    String event() {
        return stamp().event();
    }

    String key() {
        return stamp().key();
    }

    long tick() {
        return stamp().tick();
    }

    String ending() {
        return endings.isEmpty() ? "nothing" : endings.get(endings.size() - 1).f();
    }

    boolean endedWith(EmitterOp type) {
        return !endings.isEmpty() && endings.get(endings.size() - 1).is(type);
    }

    List<PlatformCall> answers() {
        return calls.stream().map(PlatformCall::of).toList();
    }

    List<Long> sleepMillis() {
        return sleeps.stream().map(op -> Sleep.of(op).millis()).toList();
    }

    boolean permanent() {
        return answers().stream().anyMatch(PlatformCall::permanent);
    }

    List<Permit> permits() {
        return ops.stream().filter(op -> op.is(EmitterOp.PERMIT)).map(Permit::of).toList();
    }

    boolean refused() {
        return permits().stream().anyMatch(p -> !p.granted());
    }

    String describe() {
        return "event " + event() + " (" + key() + ", t=" + tick() + " ms): " + Text.count(calls.size(), "call") + " "
                + answers().stream().map(PlatformCall::answer).toList() + ", " + sleeps.size()
                + " sleep(s), then " + ending();
    }
}
