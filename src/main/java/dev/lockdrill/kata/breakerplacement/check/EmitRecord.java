package dev.lockdrill.kata.breakerplacement.check;

import dev.lockdrill.history.Op;

import java.util.ArrayList;
import java.util.List;

/** One call of emit(event) and what happened inside it: platform calls, sleeps, how it ended. */
record EmitRecord(Op emit, List<Op> calls, List<Op> sleeps, List<Op> endings) {

    static List<EmitRecord> of(List<Op> scenarioOps) {
        List<EmitRecord> records = new ArrayList<>();
        EmitRecord current = null;
        for (Op op : scenarioOps) {
            if (op.is("emit")) {
                current = new EmitRecord(op, new ArrayList<>(), new ArrayList<>(), new ArrayList<>());
                records.add(current);
            } else if (current != null && op.is("platform-call")) {
                current.calls().add(op);
            } else if (current != null && op.is("sleep")) {
                current.sleeps().add(op);
            } else if (current != null && (op.is("delivered") || op.is("dead-letter") || op.is("retry-later")
                    || op.is("emit-threw"))) {
                current.endings().add(op);
            }
        }
        return records;
    }

    String event() {
        return emit.stringArg("event");
    }

    String key() {
        return emit.stringArg("key");
    }

    long tick() {
        return emit.longArg("tick");
    }

    String ending() {
        return endings.isEmpty() ? "nothing" : endings.get(endings.size() - 1).f();
    }

    boolean permanent() {
        return calls.stream().anyMatch(call -> call.longArg("status") == 410 || call.longArg("status") == 400);
    }

    String describe() {
        return "event " + event() + " (" + key() + ", t=" + tick() + " ms): " + calls.size() + " call(s) "
                + calls.stream().map(c -> String.valueOf(c.longArg("status"))).toList() + ", " + sleeps.size()
                + " sleep(s), then " + ending();
    }
}
