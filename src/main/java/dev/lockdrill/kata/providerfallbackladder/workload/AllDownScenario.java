package dev.lockdrill.kata.providerfallbackladder.workload;

import dev.lockdrill.history.Faults;
import dev.lockdrill.kata.providerfallbackladder.protocol.LadderScenarios;

import java.time.Duration;
import java.util.List;

/**
 * All three providers hang. On ladder a (budget 40 s) the first job pays p1 and p2 (15 s each) and
 * may give p3 only the 10 s left; on ladder b (budget 30 s) nothing is left for p3 at all. A job
 * 2 s later, within every TTL, must skip every provider it has seen fail (on ladder b it tries p3,
 * which no job has called yet); 40 s after that each provider is probed again.
 */
final class AllDownScenario implements LadderScenario {
    @Override
    public String name() {
        return LadderScenarios.ALL_DOWN;
    }

    @Override
    public String summary() {
        return "p1-p3 all hang; budgets of 40 s and 30 s across three 15 s rungs";
    }

    @Override
    public void run(LadderRig rig) throws Exception {
        for (Duration budget : List.of(Duration.ofSeconds(40), Duration.ofSeconds(30))) {
            Ladder ladder = rig.open(budget.getSeconds() == 40 ? "a" : "b",
                    List.of(LadderRig.RUNG_TIMEOUT, LadderRig.RUNG_TIMEOUT, LadderRig.RUNG_TIMEOUT), budget,
                    LadderRig.TTL);
            ladder.providers().forEach(p -> p.mode(FakeProvider.Mode.HANG));
            rig.job(ladder, "worker-1");
            ladder.ticker().advanceMillis(2_000);
            rig.job(ladder, "worker-2");
            ladder.ticker().advanceMillis(40_000);
            rig.job(ladder, "worker-1");
            long hung = ladder.providers().stream().mapToInt(FakeProvider::faultyCalls).sum();
            rig.recorder().fault(Faults.OUTAGE, rig.scenario(), "ladder " + ladder.id(),
                    ladder.provider(0).firstFaultNanos(), hung > 1, "every provider of ladder " + ladder.id()
                            + " hangs (budget " + budget.getSeconds() + " s); calls that met a hang: " + hung);
        }
    }
}
