package dev.lockdrill.kata.breakerplacement.check;

import dev.lockdrill.support.Text;
import dev.lockdrill.history.Op;
import dev.lockdrill.kata.breakerplacement.protocol.EmitterOp;
import dev.lockdrill.kata.breakerplacement.protocol.Permit;
import dev.lockdrill.kata.breakerplacement.protocol.PlatformCall;
import dev.lockdrill.kata.breakerplacement.protocol.Sleep;
import dev.lockdrill.kata.breakerplacement.protocol.Stamp;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * One call of emit(event) and what happened inside it, in order: every op that carries its number
 * ({@code ops}: tied to it by its event, or by the permit a report settles — never by thread), and
 * among them the platform calls, sleeps, and endings (outbox outcomes or a throw).
 */
record EmitRecord(Op emit, List<Op> ops, List<Op> calls, List<Op> sleeps, List<Op> endings) {

    /** The emits of one scenario's ops, in the order they were made. */
    static List<EmitRecord> of(List<Op> scenarioOps) {
        Map<Long, EmitRecord> records = new LinkedHashMap<>();
        for (Op op : scenarioOps) {
            Optional<EmitterOp> type = EmitterOp.of(op);
            if (type.isEmpty() || !Stamp.of(op).inEmit()) {
                continue;
            }
            long number = Stamp.of(op).emit();
            if (type.get() == EmitterOp.EMIT) {
                records.put(number, new EmitRecord(op, new ArrayList<>(), new ArrayList<>(), new ArrayList<>(),
                        new ArrayList<>()));
                continue;
            }
            EmitRecord current = records.get(number);
            if (current == null) {
                continue;
            }
            current.ops().add(op);
            if (type.get() == EmitterOp.PLATFORM_CALL) {
                current.calls().add(op);
            } else if (type.get() == EmitterOp.SLEEP) {
                current.sleeps().add(op);
            } else if (type.get().isEnding()) {
                current.endings().add(op);
            }
        }
        // shared by every invariant that judges the history (EmitterFacts): none can change another's
        return records.values().stream().map(r -> new EmitRecord(r.emit(), List.copyOf(r.ops()),
                List.copyOf(r.calls()), List.copyOf(r.sleeps()), List.copyOf(r.endings()))).toList();
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
