package dev.lockdrill.kata.providerfallbackladder.workload;

import dev.lockdrill.harness.Recorder;
import dev.lockdrill.harness.ScenarioRig;
import dev.lockdrill.harness.WorkloadContext;
import dev.lockdrill.history.FaultKind;
import dev.lockdrill.kata.providerfallbackladder.protocol.JobAnswer;
import dev.lockdrill.kata.providerfallbackladder.protocol.JobRun;
import dev.lockdrill.kata.providerfallbackladder.protocol.LadderOp;
import dev.lockdrill.kata.providerfallbackladder.protocol.LadderSetup;
import dev.lockdrill.katas.api.breaker.Ticker;
import dev.lockdrill.katas.api.ladder.FallbackLadder;
import dev.lockdrill.katas.api.ladder.Job;
import dev.lockdrill.katas.api.ladder.JobResult;
import dev.lockdrill.katas.api.ladder.LadderConfig;
import dev.lockdrill.katas.api.ladder.Rung;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * What a ladder scenario works with: ladders (the learner's client built once, in one class loader,
 * as one process whose workers all share it), fake providers, and workers that each run their jobs
 * on a thread of their own, as a worker pool does. In memory, on virtual time: no database.
 */
final class LadderRig extends ScenarioRig implements AutoCloseable {
    static final Duration RUNG_TIMEOUT = Duration.ofSeconds(15);
    static final Duration BUDGET = Duration.ofSeconds(40);
    static final Duration TTL = Duration.ofSeconds(30);

    private final Map<String, JobTicket> tickets = new ConcurrentHashMap<>();
    private final Map<String, ExecutorService> workers = new ConcurrentHashMap<>();
    private final AtomicInteger jobs = new AtomicInteger();

    LadderRig(WorkloadContext context, String scenario) {
        super(context, null, scenario);
    }

    /** The usual ladder: three providers, 15 s each, a 40 s budget, a 30 s TTL. */
    Ladder open(String id) {
        return open(id, List.of(RUNG_TIMEOUT, RUNG_TIMEOUT, RUNG_TIMEOUT), BUDGET, TTL);
    }

    Ladder open(String id, List<Duration> timeouts, Duration budget, Duration ttl) {
        VirtualTicker ticker = new VirtualTicker();
        List<FakeProvider> providers = new ArrayList<>();
        List<Rung> rungs = new ArrayList<>();
        for (int i = 0; i < timeouts.size(); i++) {
            long latency = TimeUnit.MILLISECONDS.toNanos(300 + random().nextInt(1700));
            FakeProvider provider = new FakeProvider(this, id, "p" + (i + 1), i, ticker, latency);
            providers.add(provider);
            rungs.add(new Rung(provider, timeouts.get(i)));
        }
        LadderSetup setup = new LadderSetup(id, providers.stream().map(FakeProvider::name).toList(),
                timeouts.stream().map(Duration::toNanos).toList(), budget.toNanos(), ttl.toNanos(), ticker.peek());
        recorder().observe(LadderSetup.OBSERVATION, scenario, List.of(setup.toRow()));
        FallbackLadder client = context.implementation().create(FallbackLadder.class,
                new Class<?>[]{LadderConfig.class, Ticker.class}, new LadderConfig(rungs, budget, ttl), ticker);
        return new Ladder(id, client, ticker, List.copyOf(providers), setup);
    }

    /** Runs one job on the worker's own thread and waits for it to end. */
    void job(Ladder ladder, String worker) throws Exception {
        submit(ladder, worker, 0, null).get();
    }

    /** Runs one job whose request is wrong: a serving provider answers it {@code status} (a 4xx). */
    void wrongJob(Ladder ladder, String worker, int status) throws Exception {
        submit(ladder, worker, status, null).get();
    }

    /** Hands a job to the worker's thread; {@code hold}, when given, hears when it starts and ends. */
    Future<?> submit(Ladder ladder, String worker, int clientError, Hold hold) {
        String id = "job-" + jobs.incrementAndGet();
        tickets.put(id, new JobTicket(id, worker, clientError));
        Job job = new Job(id, clientError > 0 ? "a request " + worker + " got wrong" : "summarise document " + id);
        ExecutorService thread = workers.computeIfAbsent(worker, name -> Executors.newSingleThreadExecutor(runnable -> {
            Thread t = new Thread(runnable, name);
            t.setDaemon(true);
            return t;
        }));
        return thread.submit(() -> {
            long start = ladder.ticker().peek();
            Recorder.PendingOp op = recorder().invoke(scenario, worker, LadderOp.JOB,
                    new JobRun(ladder.id(), id, start).toMap());
            if (hold != null) {
                hold.jobStarted();
            }
            try {
                JobResult result = ladder.client().complete(job);
                op.ok(answer(result, ladder.ticker().peek()).toMap());
            } catch (RuntimeException | Error e) {
                op.fail(dev.lockdrill.harness.Failures.describe(e));
            } finally {
                if (hold != null) {
                    hold.jobDone();
                }
            }
        });
    }

    private static JobAnswer answer(JobResult result, long endTick) {
        if (result == null || result.status() == null) {
            return new JobAnswer("null", null, null, endTick);
        }
        return new JobAnswer(result.status().name(), result.provider(), result.output(), endTick);
    }

    JobTicket ticket(String job) {
        return job == null ? JobTicket.UNKNOWN : tickets.getOrDefault(job, JobTicket.UNKNOWN);
    }

    /** Moves the ladder's time to {@code millis} after {@code tick}. */
    void at(Ladder ladder, long tick, long millis) {
        ladder.ticker().advanceTo(tick + TimeUnit.MILLISECONDS.toNanos(millis));
    }

    /** Records a fault that landed when {@code landed} (a call met it), from the first call that did. */
    void fault(FaultKind kind, FakeProvider provider, boolean landed, String description) {
        recorder().fault(kind, scenario, provider.name(), landed ? provider.firstFaultNanos() : recorder().now(),
                landed, description);
    }

    /** The common case: a provider's hang or outage landed when at least one call met it. */
    void providerFault(FaultKind kind, FakeProvider provider, String description) {
        boolean landed = provider.faultyCalls() > 0;
        fault(kind, provider, landed, landed ? description
                : description + " — but no job ever called " + provider.name() + ", so the fault never landed");
    }

    @Override
    public void close() {
        workers.values().forEach(ExecutorService::shutdownNow);
    }
}
