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
                if (step instanceof LeaseExplorer.ReplyLost lost) {
                    seen.add("reply-lost-" + lost.call().getClass().getSimpleName()
                            + (lost.committing() ? "-committing" : "-any"));
                    step = lost.call();
                    seen.add(step.getClass().getSimpleName());
                }
                if (step instanceof LeaseExplorer.Complete c) {
                    seen.add("complete-" + c.which() + "-" + c.outcome());
                } else if (step instanceof LeaseExplorer.Extend e) {
                    seen.add("extend-" + e.which());
                } else if (step instanceof LeaseExplorer.Skew s) {
                    seen.add(s.ahead() ? "ahead" : "behind");
                } else if (step instanceof LeaseExplorer.ClaimRows c) {
                    seen.add("claim-" + c.max());
                } else if (step instanceof LeaseExplorer.PauseWorker p
                        && p.millis() > LeaseExplorer.lease(p.actor()).toMillis()) {
                    seen.add("pause-past-lease");
                }
                if (!step.actor().equals(LeaseExplorer.NEMESIS)) {
                    workers.add(step.actor());
                }
                assertTrue(!step.describe().isBlank());
            }
        }
        List<String> expected = new java.util.ArrayList<>(List.of("ClaimRows", "Complete", "Extend", "PauseWorker",
                "Crash", "Insert", "Skew", "HoldRow", "Stall", "ahead", "behind", "claim-1", "claim-3",
                "pause-past-lease", "ReplyLost"));
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
}
