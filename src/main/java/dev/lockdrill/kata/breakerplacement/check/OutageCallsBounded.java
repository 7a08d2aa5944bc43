package dev.lockdrill.kata.breakerplacement.check;

import dev.lockdrill.support.Text;
import dev.lockdrill.check.Evidence;
import dev.lockdrill.check.Invariant;
import dev.lockdrill.check.InvariantResult;
import dev.lockdrill.history.History;
import dev.lockdrill.history.Op;
import dev.lockdrill.kata.breakerplacement.protocol.BreakerSettings;
import dev.lockdrill.kata.breakerplacement.protocol.EmitterOp;
import dev.lockdrill.kata.breakerplacement.protocol.PlatformCall;
import dev.lockdrill.kata.breakerplacement.protocol.Stamp;

import java.util.ArrayList;
import java.util.List;

/**
 * While a key is failing, calls to it are what it takes to open its breaker plus the half-open
 * probes: minimumNumberOfCalls + permitted trials for every wait that fits in the outage (and one).
 * A call answered a rate limit (429, or a 403 with {@code x-ratelimit-remaining: 0} or
 * {@code retry-after}) is not counted: its permit may be released (C4), so it need not open the
 * breaker, and its Retry-After is judged by retry-after-honoured.
 */
public final class OutageCallsBounded implements Invariant {
    @Override
    public String name() {
        return "outage-calls-bounded";
    }

    @Override
    public String description() {
        return "during a key's outage its calls are bounded by what opens the breaker plus the half-open probes";
    }

    @Override
    public InvariantResult check(History history) {
        EmitterFacts facts = new EmitterFacts(history);
        BreakerSettings config = facts.breakerConfig();
        long minimum = config.minimumNumberOfCalls();
        long trials = config.permittedNumberOfCallsInHalfOpenState();
        long wait = Math.max(1, config.waitDurationInOpenStateMillis());
        List<Evidence> evidence = new ArrayList<>();
        for (EmitterFacts.ScenarioOutage outage : facts.outages()) {
            long bound = minimum + trials * (1 + (outage.to() - outage.from() + wait - 1) / wait);
            for (String key : outage.keys()) {
                List<Op> calls = facts.ops(outage.scenario(), EmitterOp.PLATFORM_CALL).stream()
                        .filter(op -> key.equals(Stamp.of(op).key()) && outage.during(op))
                        .filter(op -> !PlatformCall.of(op).rateLimited())
                        .toList();
                if (calls.size() > bound) {
                    evidence.add(new Evidence(outage.scenario() + ": " + outage.description() + " for "
                            + (outage.to() - outage.from()) + " ms; " + Text.count(calls.size(), "call") + " were still made with "
                            + key + " (a breaker allows at most " + bound + ": " + minimum + " to open, then "
                            + trials + " probes per " + wait + " ms wait)",
                            calls.stream().skip(bound).limit(8).map(Op::id).toList(),
                            calls.stream().limit(Math.min(bound, 8)).map(Op::id).toList()));
                }
            }
        }
        return failIfAny(evidence);
    }
}
