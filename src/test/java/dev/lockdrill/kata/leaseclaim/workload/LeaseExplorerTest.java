package dev.lockdrill.kata.leaseclaim.workload;

import org.junit.jupiter.api.Test;

import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.SplittableRandom;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

class LeaseExplorerTest {
    @Test
    void theSameSeedMakesTheSameSteps() {
        for (long seed = 0; seed < 50; seed++) {
            assertEquals(LeaseExplorer.generate(new SplittableRandom(seed)),
                    LeaseExplorer.generate(new SplittableRandom(seed)));
        }
        assertNotEquals(LeaseExplorer.generate(new SplittableRandom(1)),
                LeaseExplorer.generate(new SplittableRandom(2)));
    }

    @Test
    void twoHundredSeedsCoverEveryStepKindAndBothSidesOfEachFault() {
        Set<String> seen = new HashSet<>();
        Set<String> workers = new HashSet<>();
        for (long seed = 0; seed < 200; seed++) {
            List<LeaseExplorer.LeaseStep> steps = LeaseExplorer.generate(new SplittableRandom(seed));
            assertTrue(steps.size() >= 10 && steps.size() <= 30, "10 to 30 steps, got " + steps.size());
            for (LeaseExplorer.LeaseStep listed : steps) {
                LeaseExplorer.LeaseStep step = listed;
                seen.add(step.getClass().getSimpleName());
                if (step instanceof LeaseExplorer.Interleaved together) {
                    assertTrue(together.calls().size() >= 2 && together.calls().size() <= 3, together.describe());
                    assertEquals(together.calls().size(),
                            together.calls().stream().map(LeaseExplorer.LeaseStep::actor).distinct().count(),
                            "one call per worker: " + together.describe());
                    together.calls().forEach(call -> seen.add("together-" + call.getClass().getSimpleName()));
                    seen.add("together-" + together.calls().size());
                }
                if (step instanceof LeaseExplorer.ReplyLost lost) {
                    seen.add("reply-lost-" + lost.call().getClass().getSimpleName()
                            + (lost.committing() ? "-committing" : "-any"));
                    step = lost.call();
                    seen.add(step.getClass().getSimpleName());
                }
                if (step instanceof LeaseExplorer.Complete c) {
                    seen.add("complete-" + c.which() + "-" + c.outcome());
                } else if (step instanceof LeaseExplorer.FinishTwice f) {
                    seen.add("finish-twice-" + f.first());
                } else if (step instanceof LeaseExplorer.Extend e) {
                    seen.add("extend-" + e.which());
                } else if (step instanceof LeaseExplorer.Skew s) {
                    seen.add(s.ahead() ? "ahead" : "behind");
                } else if (step instanceof LeaseExplorer.ClaimRows c) {
                    seen.add(c.max() >= LeaseExplorer.MORE_THAN_DUE ? "claim-more-than-due" : "claim-" + c.max());
                } else if (step instanceof LeaseExplorer.PauseWorker p
                        && p.millis() > LeaseExplorer.lease(p.actor()).toMillis()) {
                    seen.add("pause-past-lease");
                }
                if (!step.actor().equals(LeaseExplorer.NEMESIS) && !step.actor().equals(LeaseExplorer.SCHEDULER)) {
                    workers.add(step.actor());
                }
                assertTrue(!step.describe().isBlank());
            }
        }
        List<String> expected = new java.util.ArrayList<>(List.of("ClaimRows", "Complete", "Extend", "PauseWorker",
                "Crash", "Insert", "Skew", "HoldRow", "Stall", "ahead", "behind", "claim-1", "claim-3", "claim-more-than-due",
                "pause-past-lease", "ReplyLost", "finish-twice-DONE", "finish-twice-FAILED", "Interleaved",
                "together-2", "together-3", "together-ClaimRows", "together-Complete", "together-Extend"));
        for (String call : List.of("ClaimRows", "Complete", "Extend")) {
            expected.add("reply-lost-" + call + "-committing");
            expected.add("reply-lost-" + call + "-any");
        }
        for (LeaseExplorer.Which which : LeaseExplorer.Which.values()) {
            expected.add("extend-" + which);
            expected.add("complete-" + which + "-DONE");
            expected.add("complete-" + which + "-FAILED");
        }
        for (String kind : expected) {
            assertTrue(seen.contains(kind), "no " + kind + " in 200 seeds");
        }
        assertEquals(Set.of("worker-1", "worker-2", "worker-3", "worker-4"), workers);
    }

    @Test
    void aClaimMaxAboveTheRowsDueIsAboveEveryRowAScheduleCanHave() {
        for (long seed = 0; seed < 200; seed++) {
            List<LeaseExplorer.LeaseStep> steps = LeaseExplorer.generate(new SplittableRandom(seed));
            int rows = LeaseExplorer.FIRST_ROWS + steps.stream().mapToInt(s -> s instanceof LeaseExplorer.Insert i
                    ? i.rows() : 0).sum();
            assertTrue(rows < LeaseExplorer.MORE_THAN_DUE, "seed " + seed + " inserts " + rows + " rows");
        }
    }

    @Test
    void theSeedDecidesWhereRowIdsStartAndSomeScheduleCrossesEachIntegerLimit() {
        Set<String> crossed = new HashSet<>();
        for (long seed = 0; seed < 200; seed++) {
            long first = LeaseExplorer.Setup.of(new SplittableRandom(seed)).firstId();
            assertEquals(first, LeaseExplorer.Setup.of(new SplittableRandom(seed)).firstId());
            long last = first + LeaseExplorer.FIRST_ROWS - 1;
            if (first == LeaseExplorer.ORDINARY_FIRST_ID) {
                crossed.add("none");
            }
            for (int bits : new int[]{31, 32}) {
                if (first < 1L << bits && last >= 1L << bits) {
                    crossed.add("2^" + bits);
                }
            }
        }
        assertEquals(Set.of("none", "2^31", "2^32"), crossed);
    }
}
