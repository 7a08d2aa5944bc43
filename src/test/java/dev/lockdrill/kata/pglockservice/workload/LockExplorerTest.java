package dev.lockdrill.kata.pglockservice.workload;

import org.junit.jupiter.api.Test;

import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.SplittableRandom;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

class LockExplorerTest {
    @Test
    void theSameSeedMakesTheSameSteps() {
        for (long seed = 0; seed < 50; seed++) {
            assertEquals(LockExplorer.generate(new SplittableRandom(seed)),
                    LockExplorer.generate(new SplittableRandom(seed)));
        }
        assertNotEquals(LockExplorer.generate(new SplittableRandom(1)), LockExplorer.generate(new SplittableRandom(2)));
    }

    @Test
    void twoHundredSeedsCoverEveryStepKindAndBothSidesOfEachFault() {
        Set<String> seen = new HashSet<>();
        Set<String> workers = new HashSet<>();
        for (long seed = 0; seed < 200; seed++) {
            List<LockExplorer.LockStep> steps = LockExplorer.generate(new SplittableRandom(seed));
            assertTrue(steps.size() >= 10 && steps.size() <= 30, "10 to 30 steps, got " + steps.size());
            for (LockExplorer.LockStep listed : steps) {
                LockExplorer.LockStep step = listed;
                seen.add(step.getClass().getSimpleName());
                if (step instanceof LockExplorer.Interleaved together) {
                    assertTrue(together.calls().size() >= 2 && together.calls().size() <= 3, together.describe());
                    assertEquals(together.calls().size(),
                            together.calls().stream().map(LockExplorer.LockStep::actor).distinct().count(),
                            "one call per worker: " + together.describe());
                    together.calls().forEach(call -> seen.add("together-" + call.getClass().getSimpleName()));
                    seen.add("together-" + together.calls().size());
                }
                if (step instanceof LockExplorer.ReplyLost lost) {
                    seen.add("reply-lost-" + lost.call().getClass().getSimpleName()
                            + (lost.committing() ? "-committing" : "-any"));
                    step = lost.call();
                    seen.add(step.getClass().getSimpleName());
                }
                if (step instanceof LockExplorer.Renew r) {
                    seen.add("renew-" + (r.older() ? "older" : "current"));
                    seen.add("ttl-" + r.ttlMillis());
                } else if (step instanceof LockExplorer.Release r) {
                    seen.add("release-" + (r.older() ? "older" : "current"));
                } else if (step instanceof LockExplorer.Acquire a) {
                    seen.add("ttl-" + a.ttlMillis());
                } else if (step instanceof LockExplorer.ClockJump j) {
                    seen.add(j.ahead() ? "clock-ahead" : "clock-back");
                } else if (step instanceof LockExplorer.Stall s) {
                    seen.add(s.inStatement() ? "stall-in-statement" : "stall-after-round-trip");
                } else if (step instanceof LockExplorer.SkipTokens t) {
                    seen.add("skip-" + t.below());
                } else if (step instanceof LockExplorer.Pause p && p.millis() > 300) {
                    seen.add("pause-past-300");
                }
                if (!step.actor().equals(LockExplorer.NEMESIS) && !step.actor().equals(LockExplorer.SCHEDULER)) {
                    workers.add(step.actor());
                }
                assertTrue(!step.describe().isBlank());
            }
        }
        for (String kind : List.of("Acquire", "Renew", "Release", "Write", "Pause", "Kill", "ClockJump", "Stall",
                "SkipTokens", "renew-older", "renew-current", "release-older", "release-current", "clock-ahead",
                "clock-back", "stall-in-statement", "stall-after-round-trip", "skip-" + (1L << 31),
                "skip-" + (1L << 32), "ttl-200", "ttl-300", "ttl-3000", "pause-past-300", "ReplyLost",
                "reply-lost-Acquire-committing", "reply-lost-Acquire-any", "reply-lost-Renew-committing",
                "reply-lost-Release-committing", "WaitThenAcquire", "Interleaved", "together-2", "together-3",
                "together-Acquire", "together-Renew", "together-Release")) {
            assertTrue(seen.contains(kind), "no " + kind + " in 200 seeds");
        }
        assertEquals(Set.of("worker-1", "worker-2", "worker-3", "worker-4"), workers);
    }

    @Test
    void renewsAskFarLessAndMoreThanTheTtlAskedLastAndAnotherWorkerThenTriesPastTheShortOne() {
        Set<String> seen = new HashSet<>();
        for (long seed = 0; seed < 200; seed++) {
            Map<String, Long> asked = new HashMap<>();
            LockExplorer.Renew shortened = null;
            for (LockExplorer.LockStep listed : LockExplorer.generate(new SplittableRandom(seed))) {
                LockExplorer.LockStep step = listed instanceof LockExplorer.ReplyLost lost ? lost.call() : listed;
                if (step instanceof LockExplorer.Acquire a) {
                    asked.put(a.actor() + "/" + a.lock(), a.ttlMillis());
                } else if (step instanceof LockExplorer.Renew r && !r.older()) {
                    Long last = asked.put(r.actor() + "/" + r.lock(), r.ttlMillis());
                    if (last != null && last >= LockExplorer.HANDS_OVER_FROM_MILLIS && r.ttlMillis() * 5 <= last) {
                        seen.add("far-shorter");
                    } else if (last != null && r.ttlMillis() > last) {
                        seen.add("longer");
                    }
                    shortened = r;
                    continue;
                } else if (step instanceof LockExplorer.WaitThenAcquire a) {
                    assertTrue(shortened != null && !shortened.actor().equals(a.actor())
                            && shortened.lock().equals(a.lock())
                            && a.waitMillis() >= shortened.ttlMillis() + LockExplorer.PAST_SHORT_TTL_MILLIS,
                            "seed " + seed + ": " + a + " does not follow a renew it outwaits");
                    seen.add("another-tries-past-it");
                }
                shortened = null;
            }
        }
        assertEquals(Set.of("far-shorter", "longer", "another-tries-past-it"), seen);
    }

    @Test
    void workerOneAndTwoShareAHostLabel() {
        assertEquals(LockExplorer.holder("worker-1"), LockExplorer.holder("worker-2"));
        assertNotEquals(LockExplorer.holder("worker-1"), LockExplorer.holder("worker-3"));
    }
}
