package dev.lockdrill.kata.providerfallbackladder.check;

import dev.lockdrill.history.Op;
import dev.lockdrill.kata.providerfallbackladder.protocol.JobAnswer;
import dev.lockdrill.kata.providerfallbackladder.protocol.JobRun;

import java.util.List;

/**
 * One job handed to a ladder, its answer (null when {@code complete} threw) and the provider calls
 * made for it, tied to it by the job id the harness assigned, in the order they began.
 */
record JobFact(Op op, JobRun run, JobAnswer answer, List<CallFact> calls) {
    JobFact {
        calls = List.copyOf(calls);
    }

    String worker() {
        return op.worker();
    }

    String job() {
        return run.job();
    }

    /** The tick the job ended at: its answer's, or its last call's end when it threw. */
    long endTick() {
        if (answer != null) {
            return answer.endTick();
        }
        return calls.stream().filter(c -> c.reply() != null).mapToLong(c -> c.reply().endTick()).max()
                .orElse(run.startTick());
    }
}
