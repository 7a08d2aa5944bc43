package dev.lockdrill.report;

import dev.lockdrill.check.Evidence;
import dev.lockdrill.check.InvariantResult;
import dev.lockdrill.check.MetricValue;
import dev.lockdrill.check.Verdict;
import dev.lockdrill.history.FaultEvent;
import dev.lockdrill.history.History;
import dev.lockdrill.history.Op;
import dev.lockdrill.history.Outcome;
import dev.lockdrill.score.CheckResult;
import dev.lockdrill.score.ImplementationRun;
import dev.lockdrill.score.RunStatus;
import dev.lockdrill.score.Scoring;

import java.time.Instant;
import java.util.List;
import java.util.Map;

/** Hand-built runs for report tests: Kleppmann's paused-holder story, where the stale write gets through. */
public final class SampleRuns {
    static final long MS = 1_000_000L;

    private SampleRuns() {
    }

    public static History kleppmann() {
        List<Op> ops = List.of(
                op(1, "warm-up", "worker-1", "write", Map.of("key", "a", "token", 1L), 0, 4, Outcome.OK,
                        Map.of("accepted", true)),
                op(2, "paused-holder", "worker-1", "acquire", Map.of("lease", "report", "ttlMs", 150L), 10, 30,
                        Outcome.OK, Map.of("token", 33L)),
                op(3, "paused-holder", "worker-2", "acquire", Map.of("lease", "report", "ttlMs", 150L), 35, 190,
                        Outcome.OK, Map.of("token", 34L)),
                op(4, "paused-holder", "worker-2", "write", Map.of("key", "report", "token", 34L), 195, 240,
                        Outcome.OK, Map.of("accepted", true)),
                op(5, "paused-holder", "worker-1", "write", Map.of("key", "report", "token", 33L), 330, 360,
                        Outcome.OK, Map.of("accepted", true)),
                op(6, "paused-holder", "worker-3", "write", Map.of("key", "report", "token", 35L), 250, 320,
                        Outcome.INFO, Map.of(), "PSQLException: terminating connection"),
                op(7, "paused-holder", "worker-2", "read", Map.of("key", "report"), 365, 380, Outcome.OK,
                        Map.of("found", true, "token", 33L)),
                op(8, "paused-holder", "worker-10", "write", Map.of("key", "report", "token", 20L), 100, 104,
                        Outcome.OK, Map.of("accepted", false)));
        List<FaultEvent> faults = List.of(
                new FaultEvent("pause", "paused-holder", "worker-1", 30 * MS, 320 * MS, true,
                        "worker-1 paused 290 ms holding token 33 (lease 150 ms)"),
                new FaultEvent("kill", "paused-holder", "worker-3", 260 * MS, 300 * MS, true,
                        "pg_terminate_backend(4242) killed worker-3's session"));
        return new History(42, ops, faults, List.of());
    }

    public static List<InvariantResult> kleppmannVerdicts() {
        return List.of(
                new InvariantResult("stale-write-rejected", "a write with a token below the highest is rejected",
                        Verdict.FAIL, List.of(new Evidence("worker-1's write with token 33 was accepted after token "
                        + "34 had been accepted (op 4)", List.of(5L), List.of(4L)))),
                new InvariantResult("final-value-is-last-accepted", "each key ends with its highest token",
                        Verdict.FAIL, List.of(Evidence.of("report ends with token 33 but 34 was accepted", 5L))),
                new InvariantResult("retry-is-idempotent", "retrying the same write is harmless", Verdict.PASS,
                        List.of()));
    }

    public static CheckResult kleppmannResult() {
        ImplementationRun you = new ImplementationRun("katas/fencing-token", RunStatus.FAIL, kleppmannVerdicts(),
                List.of(new MetricValue("writes/s", 120, "/s", true)), "", "", List.of(), 480, kleppmann());
        return new CheckResult("fencing-token", RunStatus.FAIL, 42, null, Instant.parse("2026-01-02T03:04:05Z"),
                you, null, Scoring.compare(you, null));
    }

    static Op op(long id, String scenario, String worker, String f, Map<String, Object> args, long fromMs, long toMs,
                 Outcome outcome, Map<String, Object> result) {
        return op(id, scenario, worker, f, args, fromMs, toMs, outcome, result, null);
    }

    static Op op(long id, String scenario, String worker, String f, Map<String, Object> args, long fromMs, long toMs,
                 Outcome outcome, Map<String, Object> result, String error) {
        return new Op(id, scenario, worker, f, args, fromMs * MS, toMs * MS, outcome, result, error);
    }
}
