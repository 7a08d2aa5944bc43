package dev.lockdrill.kata.providerfallbackladder.check;

import dev.lockdrill.check.Evidence;
import dev.lockdrill.history.History;
import dev.lockdrill.kata.providerfallbackladder.check.Finding.Kind;
import dev.lockdrill.kata.providerfallbackladder.check.Finding.Situation;
import dev.lockdrill.kata.providerfallbackladder.protocol.CallReply;
import dev.lockdrill.kata.providerfallbackladder.protocol.LadderSetup;

import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;

/**
 * Judges every job and every provider call of a history against the model of {@link LadderTrace}:
 * what each call and each skip was allowed to be, and which situations the run put the ladder in.
 * Where concurrency leaves the moment of a decision open, it is judged leniently: a skip is allowed
 * if the provider was down, or another job's call to it was out, at any point of the job; a call is
 * wrong only if the failure it ignored was known before its job began (that failure's job had
 * ended); a job's spending counts only its own calls. Jobs run one at a time are judged exactly.
 */
final class LadderJudgement {
    private final List<Finding> findings = new ArrayList<>();
    private final Set<Situation> situations = EnumSet.noneOf(Situation.class);

    static LadderJudgement of(History history) {
        LadderJudgement judgement = new LadderJudgement();
        for (LadderTrace trace : LadderTrace.of(history)) {
            judgement.judgeCalls(trace);
            for (JobFact job : trace.jobs()) {
                judgement.judgeJob(trace, job);
            }
            judgement.judgeWaves(trace);
        }
        return judgement;
    }

    List<Evidence> evidence(Kind kind) {
        return findings.stream().filter(f -> f.kind() == kind).map(Finding::evidence).toList();
    }

    boolean exercised(Situation situation) {
        return situations.contains(situation);
    }

    private void judgeCalls(LadderTrace trace) {
        LadderSetup setup = trace.setup();
        for (CallFact call : trace.calls()) {
            situations.add(Situation.CALLED);
            String worker = trace.workerOf(call);
            String who = trace.where() + ": " + call.call().job() + " (" + worker + ")";
            int rung = setup.rungOf(call.provider());
            long rungTimeout = setup.timeoutsNanos().get(rung);
            long timeout = call.call().timeoutNanos();
            if (timeout <= 0 || timeout > rungTimeout) {
                add(Kind.TIMEOUT_OVER_RUNG, Evidence.of(who + " called " + call.provider() + " with a timeout of "
                        + trace.seconds(timeout) + "; its rung allows " + trace.seconds(rungTimeout), call.id()));
            }
            Optional<JobFact> job = trace.jobOf(call);
            if (job.isPresent()) {
                long spent = spentBefore(job.get(), call);
                if (spent + timeout > setup.budgetNanos()) {
                    add(Kind.OVER_BUDGET, Evidence.of(who + " called " + call.provider() + " at " + trace.at(
                            call.call().startTick()) + ", at least " + trace.seconds(spent) + " into the job, with a timeout of "
                            + trace.seconds(timeout) + ": the job could run to " + trace.seconds(spent + timeout)
                            + ", past its budget of " + trace.seconds(setup.budgetNanos()), call.id()));
                }
            }
            Optional<CallFact> down = trace.downAt(call);
            if (down.isEmpty()) {
                continue;
            }
            CallFact failure = down.get();
            if (call.call().startTick() < trace.expiry(failure)) {
                String saw = trace.workerOf(failure);
                boolean same = saw.equals(worker);
                add(same ? Kind.CALLED_WHILE_DOWN_SAME_WORKER : Kind.CALLED_WHILE_DOWN_OTHER_WORKER, new Evidence(
                        who + " called " + call.provider() + " at " + trace.at(call.call().startTick()) + ", while it "
                                + "was down: its call for " + failure.call().job() + " (" + saw + ") "
                                + failure.reply().describe() + " at " + trace.at(failure.reply().endTick())
                                + ", and the TTL of " + trace.seconds(setup.ttlNanos()) + " runs to "
                                + trace.at(trace.expiry(failure)) + (same ? "" : "; what " + saw + " learnt did not "
                                + "reach " + worker), List.of(call.id()), List.of(failure.id())));
            }
        }
    }

    /**
     * What the job had surely spent when it made this call: up to the end of its own previous call
     * (or nothing, on its first). Time other jobs' calls moved meanwhile is not counted: a ladder may
     * have read the ticker before they moved it.
     */
    private static long spentBefore(JobFact job, CallFact call) {
        long since = job.run().startTick();
        for (CallFact earlier : job.calls()) {
            if (earlier == call) {
                break;
            }
            if (earlier.reply() != null) {
                since = Math.max(since, earlier.reply().endTick());
            }
        }
        return since - job.run().startTick();
    }

    /** Two probes of the same expired down state, the second begun while the first was out. */
    private void judgeWaves(LadderTrace trace) {
        List<CallFact> probes = trace.calls().stream().filter(c -> trace.probed(c).isPresent()).toList();
        for (int i = 0; i < probes.size(); i++) {
            CallFact later = probes.get(i);
            CallFact state = trace.probed(later).orElseThrow();
            for (int j = 0; j < i; j++) {
                CallFact earlier = probes.get(j);
                if (earlier.provider().equals(later.provider())
                        && trace.probed(earlier).orElseThrow().id() == state.id()
                        && earlier.op().completeNanos() > later.op().invokeNanos()) {
                    add(Kind.STAMPEDE, new Evidence(trace.where() + ": " + later.call().job() + " ("
                            + trace.workerOf(later) + ") also probed " + later.provider() + " at "
                            + trace.at(later.call().startTick()) + " while " + earlier.call().job() + " ("
                            + trace.workerOf(earlier) + ") was probing it: the down state from "
                            + state.call().job() + "'s failure at " + trace.at(state.reply().endTick())
                            + " expired at " + trace.at(trace.expiry(state)) + " and one probe decides it",
                            List.of(later.id()), List.of(earlier.id(), state.id())));
                    break;
                }
            }
        }
    }

    private void judgeJob(LadderTrace trace, JobFact job) {
        if (job.answer() == null) {
            return;
        }
        situations.add(Situation.ANSWERED);
        LadderSetup setup = trace.setup();
        String who = trace.where() + ": " + job.job() + " (" + job.worker() + ")";
        judgeResult(trace, job, who);
        boolean budgetSpent = job.endTick() - job.run().startTick() >= setup.budgetNanos();
        long decision = job.run().startTick();
        for (int rung = 0; rung < setup.rungs(); rung++) {
            String provider = setup.providers().get(rung);
            int index = rung;
            Optional<CallFact> made = job.calls().stream().filter(c -> c.call().rung() == index).findFirst();
            long left = setup.budgetNanos() - (decision - job.run().startTick());
            if (left < setup.timeoutsNanos().get(rung)) {
                situations.add(Situation.BUDGET_BINDS);
            }
            if (made.isPresent()) {
                noteReach(trace, job, provider, made.get().call().startTick());
                CallFact call = made.get();
                if (call.reply() == null || call.answered()) {
                    return;
                }
                decision = Math.max(decision, call.reply().endTick());
                continue;
            }
            noteReach(trace, job, provider, decision);
            judgeSkip(trace, job, who, provider, decision, budgetSpent);
        }
    }

    /** Which situation reaching this rung put the job in. */
    private void noteReach(LadderTrace trace, JobFact job, String provider, long decision) {
        Optional<CallFact> down = trace.downBy(provider, job.op().invokeNanos(), job.op().invokeNanos(), true);
        if (down.isEmpty()) {
            situations.add(Situation.HEALTHY);
            trace.lastReply(provider, job.op().invokeNanos()).filter(r -> r.reply().clientError())
                    .ifPresent(r -> situations.add(Situation.AFTER_CLIENT_ERROR));
            return;
        }
        if (decision < trace.expiry(down.get())) {
            situations.add(trace.workerOf(down.get()).equals(job.worker()) ? Situation.DOWN_SAME_WORKER
                    : Situation.DOWN_OTHER_WORKER);
            return;
        }
        if (decision < trace.latestExpiry(down.get())) {
            return;
        }
        situations.add(Situation.EXPIRED);
        boolean together = trace.jobs().stream().anyMatch(other -> other != job
                && other.op().invokeNanos() < job.op().completeNanos()
                && job.op().invokeNanos() < other.op().completeNanos()
                && trace.downBy(provider, other.op().invokeNanos(), other.op().invokeNanos(), true)
                .filter(d -> d.id() == down.get().id()).isPresent());
        if (together) {
            situations.add(Situation.EXPIRY_TOGETHER);
        }
    }

    private void judgeSkip(LadderTrace trace, JobFact job, String who, String provider, long decision,
                           boolean budgetSpent) {
        if (budgetSpent) {
            return;
        }
        long ttl = trace.setup().ttlNanos();
        Optional<CallFact> down = trace.downBy(provider, job.op().completeNanos(), job.op().invokeNanos(), false);
        if (down.isPresent() && decision < trace.latestExpiry(down.get())) {
            return;
        }
        // another job, running alongside this one, called it and was not done with it before this job
        // began: its probe, as far as this job could tell (a probe is claimed before its call is made,
        // so the claim may fall inside this job even when the call starts after this job ended)
        boolean callOut = trace.calls().stream().anyMatch(c -> c.provider().equals(provider)
                && !c.call().job().equals(job.job()) && c.op().completeNanos() > job.op().invokeNanos()
                && trace.jobOf(c).filter(other -> other.op().invokeNanos() < job.op().completeNanos()
                        && other.op().completeNanos() > job.op().invokeNanos()).isPresent());
        if (callOut) {
            return;
        }
        String skipped = who + " skipped " + provider + " at " + trace.at(decision);
        if (down.isPresent()) {
            CallFact failure = down.get();
            add(Kind.EXPIRED_SKIPPED, new Evidence(skipped + ", but its down state had expired: "
                    + failure.call().job() + "'s call " + failure.reply().describe() + " at "
                    + trace.at(failure.reply().endTick()) + " and the TTL of " + trace.seconds(ttl) + " ran out by "
                    + trace.at(trace.latestExpiry(failure)) + ", with no call to it out: this job should "
                    + "have probed it",
                    List.of(job.op().id()), List.of(failure.id())));
            return;
        }
        Optional<CallFact> last = trace.lastReply(provider, job.op().invokeNanos());
        if (last.isPresent() && last.get().reply().clientError()) {
            add(Kind.SPARED_SKIPPED, new Evidence(skipped + ", though it was serving: its last reply was "
                    + last.get().reply().status() + " to " + last.get().call().job() + " at "
                    + trace.at(last.get().reply().endTick()) + ", which is that job's fault, not the provider's",
                    List.of(job.op().id()), List.of(last.get().id())));
            return;
        }
        add(Kind.HEALTHY_SKIPPED, new Evidence(skipped + ", though it was up" + last.map(r -> " (its last reply: "
                        + r.reply().describe() + " to " + r.call().job() + " at " + trace.at(r.reply().endTick()) + ")")
                .orElse(" (never called, never failed)") + ", and the job had budget left",
                List.of(job.op().id()), last.map(r -> List.of(r.id())).orElse(List.of())));
    }

    private void judgeResult(LadderTrace trace, JobFact job, String who) {
        int previous = -1;
        CallFact decided = null;
        for (CallFact call : job.calls()) {
            if (decided != null) {
                add(Kind.RESULT, new Evidence(who + " called " + call.provider() + " after " + decided.provider()
                        + " had " + decided.reply().describe() + ": an answer ends the ladder",
                        List.of(call.id()), List.of(decided.id())));
                return;
            }
            if (call.call().rung() <= previous) {
                add(Kind.RESULT, Evidence.of(who + " called " + call.provider() + " (rung " + (call.call().rung() + 1)
                        + ") after rung " + (previous + 1) + ": rungs are tried in order, each at most once", call.id()));
                return;
            }
            previous = call.call().rung();
            if (call.answered()) {
                decided = call;
            }
        }
        String status = job.answer().status();
        String expected;
        String provider = null;
        String output = null;
        if (decided == null) {
            expected = "FAILED";
        } else {
            CallReply reply = decided.reply();
            expected = reply.succeeded() ? "COMPLETED" : "REJECTED";
            provider = decided.provider();
            output = reply.succeeded() ? reply.body() : null;
        }
        boolean outputMatches = output == null || output.equals(job.answer().output());
        if (!expected.equals(status) || !Objects.equals(provider, job.answer().provider()) || !outputMatches) {
            String should = decided == null ? "FAILED (no provider answered)" : expected + " by " + provider
                    + (output == null ? "" : " with \"" + output + "\"");
            List<Long> context = decided == null ? List.of() : List.of(decided.id());
            add(Kind.RESULT, new Evidence(who + " returned " + status + (job.answer().provider() == null ? ""
                    : " by " + job.answer().provider()) + (job.answer().output() == null ? ""
                    : " with \"" + job.answer().output() + "\"") + "; its calls say " + should,
                    List.of(job.op().id()), context));
        }
    }

    private void add(Kind kind, Evidence evidence) {
        findings.add(new Finding(kind, evidence));
    }
}
