package dev.lockdrill.kata.providerfallbackladder.check;

import dev.lockdrill.history.History;
import dev.lockdrill.history.Observation;
import dev.lockdrill.history.Op;
import dev.lockdrill.kata.providerfallbackladder.protocol.JobAnswer;
import dev.lockdrill.kata.providerfallbackladder.protocol.JobRun;
import dev.lockdrill.kata.providerfallbackladder.protocol.LadderOp;
import dev.lockdrill.kata.providerfallbackladder.protocol.LadderSetup;
import dev.lockdrill.kata.providerfallbackladder.protocol.ProviderCall;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.function.Function;
import java.util.stream.Collectors;

/**
 * Everything one ladder of one scenario did: its setup, its jobs and every provider call, and the
 * model of a provider's shared state those calls imply. A provider is down from the tick a failure
 * (5xx or timeout) came back until {@code downTtl} later, unless an answer (2xx or 4xx) came back
 * after that failure; once the TTL has passed, the next call is the probe of that down state.
 */
final class LadderTrace {
    private final String scenario;
    private final LadderSetup setup;
    private final List<JobFact> jobs;
    private final Map<String, JobFact> byJob;
    private final List<CallFact> calls;

    private LadderTrace(String scenario, LadderSetup setup, List<JobFact> jobs, List<CallFact> calls) {
        this.scenario = scenario;
        this.setup = setup;
        this.jobs = jobs;
        this.calls = calls;
        this.byJob = jobs.stream().collect(Collectors.toMap(JobFact::job, Function.identity(), (a, b) -> a));
    }

    /** One trace per ladder the history set up, in the order they were set up. */
    static List<LadderTrace> of(History history) {
        List<LadderTrace> traces = new ArrayList<>();
        for (Observation observation : history.observations(LadderSetup.OBSERVATION)) {
            for (Map<String, Object> row : observation.rows()) {
                LadderSetup setup = LadderSetup.of(row);
                String scenario = observation.scenario();
                List<CallFact> calls = history.ops(op -> op.is(LadderOp.CALL) && op.scenario().equals(scenario)
                                && ProviderCall.of(op).ladder().equals(setup.ladder())).stream()
                        .map(CallFact::of).sorted(Comparator.comparingLong(c -> c.op().invokeNanos())).toList();
                List<JobFact> jobs = new ArrayList<>();
                for (Op op : history.ops(o -> o.is(LadderOp.JOB) && o.scenario().equals(scenario)
                        && JobRun.of(o).ladder().equals(setup.ladder()))) {
                    JobRun run = JobRun.of(op);
                    jobs.add(new JobFact(op, run, op.ok() ? JobAnswer.of(op) : null,
                            calls.stream().filter(c -> c.call().job().equals(run.job())).toList()));
                }
                jobs.sort(Comparator.comparingLong(j -> j.op().invokeNanos()));
                traces.add(new LadderTrace(scenario, setup, List.copyOf(jobs), calls));
            }
        }
        return traces;
    }

    String scenario() {
        return scenario;
    }

    LadderSetup setup() {
        return setup;
    }

    List<JobFact> jobs() {
        return jobs;
    }

    List<CallFact> calls() {
        return calls;
    }

    Optional<JobFact> jobOf(CallFact call) {
        return Optional.ofNullable(byJob.get(call.call().job()));
    }

    String workerOf(CallFact call) {
        return jobOf(call).map(JobFact::worker).orElse(call.op().worker());
    }

    /**
     * The failure that keeps {@code provider} down as of real time {@code knownBefore}, or none.
     * {@code strict} (judging a call): the latest failure whose job had ended by then, unless an
     * answer came back after it and before {@code clearedBefore} — what a ladder surely knew.
     * Otherwise (judging a skip): the latest failure that came back by then, unless an answer came
     * back after that failure's job ended and was recorded (its own job ended) before
     * {@code clearedBefore} — a ladder records each reply after it came back and before its job
     * ends, so two replies in flight together may be recorded in either order.
     */
    Optional<CallFact> downBy(String provider, long knownBefore, long clearedBefore, boolean strict) {
        Optional<CallFact> latest = calls.stream()
                .filter(c -> c.provider().equals(provider) && c.failed()
                        && (strict ? jobEnd(c) : c.op().completeNanos()) < knownBefore)
                .max(Comparator.comparingLong(c -> c.op().completeNanos()));
        return latest.filter(failure -> calls.stream().noneMatch(c -> c.provider().equals(provider) && c.answered()
                && (strict ? c.op().completeNanos() > failure.op().completeNanos()
                && c.op().completeNanos() < clearedBefore
                : c.op().completeNanos() > jobEnd(failure) && jobEnd(c) < clearedBefore)));
    }

    private long jobEnd(CallFact call) {
        return jobOf(call).map(j -> j.op().completeNanos()).orElse(Long.MAX_VALUE);
    }

    /** The tick the down state {@code failure} started expires at. */
    long expiry(CallFact failure) {
        return failure.reply().endTick() + setup.ttlNanos();
    }

    /**
     * The down state a call was made in: the latest failure of its provider whose job had ended
     * before the call's job began (what any correct ladder must know by then), unless an answer of
     * the provider came back after it and before the call.
     */
    Optional<CallFact> downAt(CallFact call) {
        long jobBegan = jobOf(call).map(j -> j.op().invokeNanos()).orElse(call.op().invokeNanos());
        return downBy(call.provider(), jobBegan, call.op().invokeNanos(), true);
    }

    /**
     * The latest tick the down state {@code failure} started may expire at: a ladder dates it by a
     * read of the ticker after the failure came back and before its job moved on (its next call, or
     * its end); while other jobs move time meanwhile, that read may come later than the failure's
     * own end. Jobs run one at a time make it {@link #expiry} exactly.
     */
    long latestExpiry(CallFact failure) {
        long movedOn = jobOf(failure).map(job -> job.calls().stream()
                        .filter(c -> c.op().invokeNanos() > failure.op().invokeNanos())
                        .mapToLong(c -> c.call().startTick()).min().orElse(job.endTick()))
                .orElse(failure.reply().endTick());
        return Math.max(movedOn, failure.reply().endTick()) + setup.ttlNanos();
    }

    /** The down state this call probed: the one it was made in, after its TTL had passed. */
    Optional<CallFact> probed(CallFact call) {
        return downAt(call).filter(failure -> call.call().startTick() >= expiry(failure));
    }

    /** The latest reply of {@code provider} that ended before real time {@code before}. */
    Optional<CallFact> lastReply(String provider, long before) {
        return calls.stream().filter(c -> c.provider().equals(provider) && c.reply() != null
                && c.op().completeNanos() < before).max(Comparator.comparingLong(c -> c.op().completeNanos()));
    }

    /** A tick as seconds since the ladder started, for evidence. */
    String at(long tick) {
        return String.format(Locale.ROOT, "t=%.3f s", (tick - setup.originTick()) / 1e9);
    }

    String seconds(long nanos) {
        return String.format(Locale.ROOT, "%.3f s", nanos / 1e9);
    }

    /** How evidence names the ladder: its scenario, and the ladder when the scenario has several. */
    String where() {
        return "l1".equals(setup.ladder()) ? scenario : scenario + " (ladder " + setup.ladder() + ")";
    }
}
