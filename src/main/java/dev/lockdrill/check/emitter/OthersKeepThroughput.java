package dev.lockdrill.check.emitter;

import dev.lockdrill.check.Evidence;
import dev.lockdrill.check.Invariant;
import dev.lockdrill.check.InvariantResult;
import dev.lockdrill.history.History;
import dev.lockdrill.history.Op;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * While some keys are failing, every other key keeps at least {@value #SHARE_PERCENT} % of the
 * delivery rate it had before (virtual time), the same platform's other credentials included.
 * Not 100 %: the emitter is sequential, so even a correct one spends a little time on half-open
 * probes and their retry sleeps; without breakers the others fall to about a quarter.
 */
public final class OthersKeepThroughput implements Invariant {
    static final int SHARE_PERCENT = 50;

    @Override
    public String name() {
        return "others-keep-throughput";
    }

    @Override
    public String description() {
        return "during an outage every unaffected key delivers at >= " + SHARE_PERCENT + " % of its earlier rate";
    }

    @Override
    public InvariantResult check(History history) {
        EmitterFacts facts = new EmitterFacts(history);
        List<Evidence> evidence = new ArrayList<>();
        for (EmitterFacts.Outage outage : facts.outages()) {
            List<Op> ops = facts.ops(outage.scenario());
            long start = ops.stream().filter(op -> op.is("emit")).mapToLong(op -> op.longArg("tick")).min().orElse(0);
            List<String> others = ops.stream().filter(op -> op.is("emit")).map(op -> op.stringArg("key")).distinct()
                    .filter(key -> !outage.keys().contains(key)).toList();
            for (String key : others) {
                double before = rate(ops, key, start, outage.from());
                double during = rate(ops, key, outage.from(), outage.to());
                if (during * 100 < SHARE_PERCENT * before) {
                    evidence.add(Evidence.of(String.format(Locale.ROOT, "%s: %s; meanwhile %s delivered %.1f "
                            + "events/s (virtual), down from %.1f/s before it", outage.scenario(),
                            outage.description(), key, during, before)));
                }
            }
        }
        return failIfAny(evidence);
    }

    static double rate(List<Op> ops, String key, long from, long to) {
        long delivered = ops.stream().filter(op -> op.is("delivered") && key.equals(op.stringArg("key"))
                && "0".equals(op.stringArg("round")) && op.longArg("tick") >= from && op.longArg("tick") < to).count();
        return to > from ? delivered * 1000.0 / (to - from) : 0;
    }
}
