package dev.lockdrill.kata.providerfallbackladder.check;

import dev.lockdrill.history.History;
import dev.lockdrill.history.Observation;
import dev.lockdrill.history.Op;
import dev.lockdrill.history.Outcome;
import dev.lockdrill.kata.providerfallbackladder.protocol.CallReply;
import dev.lockdrill.kata.providerfallbackladder.protocol.JobAnswer;
import dev.lockdrill.kata.providerfallbackladder.protocol.JobRun;
import dev.lockdrill.kata.providerfallbackladder.protocol.LadderOp;
import dev.lockdrill.kata.providerfallbackladder.protocol.LadderSetup;
import dev.lockdrill.kata.providerfallbackladder.protocol.ProviderCall;

import java.util.ArrayList;
import java.util.List;

/**
 * Writes ladder histories by hand, as the harness records them, for checker tests: one ladder of
 * p1-p3 (15 s each, a 40 s budget, a 30 s TTL), times in seconds of virtual time from its origin.
 * Jobs are written one after another in real time unless {@link #overlapping} opens them together.
 */
final class LadderHistory {
    static final long SECOND = 1_000_000_000L;
    static final long ORIGIN = 1000 * SECOND;
    private final String scenario;
    private final List<Op> ops = new ArrayList<>();
    private long id;
    private long now;
    private int jobs;

    LadderHistory(String scenario) {
        this.scenario = scenario;
    }

    /** A job whose calls are given as (rung, timeout s, start s, end s, status; 0 = timed out), in order. */
    Job job(String worker, double startSeconds) {
        return new Job(worker, tick(startSeconds), ++now);
    }

    History history() {
        LadderSetup setup = new LadderSetup("l1", List.of("p1", "p2", "p3"),
                List.of(15 * SECOND, 15 * SECOND, 15 * SECOND), 40 * SECOND, 30 * SECOND, ORIGIN);
        return new History(1, ops, List.of(), List.of(new Observation(LadderSetup.OBSERVATION, scenario,
                List.of(setup.toRow()))));
    }

    static long tick(double seconds) {
        return ORIGIN + Math.round(seconds * SECOND);
    }

    final class Job {
        private final String worker;
        private final String job;
        private final long startTick;
        private final long invoked;
        private final List<Op> calls = new ArrayList<>();
        private CallReply lastAnswer;
        private String lastProvider;

        private Job(String worker, long startTick, long invoked) {
            this.worker = worker;
            this.job = "job-" + (++jobs);
            this.startTick = startTick;
            this.invoked = invoked;
        }

        Job call(int rung, double timeoutSeconds, double startSeconds, double endSeconds, int status) {
            return call(rung, timeoutSeconds, startSeconds, endSeconds, status, false);
        }

        /** A call still out when the job ends (it completes then): what runs meanwhile overlaps it. */
        Job callLeftOut(int rung, double timeoutSeconds, double startSeconds, double endSeconds, int status) {
            return call(rung, timeoutSeconds, startSeconds, endSeconds, status, true);
        }

        private Job call(int rung, double timeoutSeconds, double startSeconds, double endSeconds, int status,
                         boolean leftOut) {
            long callId = ++id;
            String provider = "p" + (rung + 1);
            CallReply reply = new CallReply(status, status == 200 ? provider + "'s answer to " + job : null,
                    status == 0, tick(endSeconds));
            long start = ++now;
            Op op = new Op(callId, scenario, worker, LadderOp.CALL.label(), new ProviderCall("l1", job, provider, rung,
                    Math.round(timeoutSeconds * SECOND), tick(startSeconds)).toMap(), start,
                    leftOut ? Long.MAX_VALUE : ++now, Outcome.OK, reply.toMap(), null);
            calls.add(op);
            if (status > 0 && status < 500) {
                lastAnswer = reply;
                lastProvider = provider;
            }
            return this;
        }

        /** Ends the job with what its calls say (COMPLETED, REJECTED or FAILED) at {@code endSeconds}. */
        LadderHistory ends(double endSeconds) {
            if (lastAnswer == null) {
                return ends("FAILED", null, null, endSeconds);
            }
            return lastAnswer.succeeded() ? ends("COMPLETED", lastProvider, lastAnswer.body(), endSeconds)
                    : ends("REJECTED", lastProvider, null, endSeconds);
        }

        LadderHistory ends(String status, String provider, String output, double endSeconds) {
            calls.replaceAll(op -> op.completeNanos() != Long.MAX_VALUE ? op : new Op(op.id(), op.scenario(),
                    op.worker(), op.f(), op.args(), op.invokeNanos(), ++now, op.outcome(), op.result(), op.error()));
            ops.add(new Op(++id, scenario, worker, LadderOp.JOB.label(), new JobRun("l1", job, startTick).toMap(),
                    invoked, ++now, Outcome.OK, new JobAnswer(status, provider, output, tick(endSeconds)).toMap(),
                    null));
            ops.addAll(calls);
            return LadderHistory.this;
        }

        /** Leaves the job open while {@code other} runs inside it, then ends both. */
        LadderHistory around(Job other, double otherEnd, double endSeconds) {
            other.ends(otherEnd);
            return ends(endSeconds);
        }
    }
}
