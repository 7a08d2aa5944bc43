package dev.lockdrill.kata.doublesend.workload;

import dev.lockdrill.kata.doublesend.protocol.ProviderFault;
import org.junit.jupiter.api.Test;

import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.SplittableRandom;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

class SendExplorerTest {
    @Test
    void theSameSeedMakesTheSameSteps() {
        for (long seed = 0; seed < 50; seed++) {
            assertEquals(SendExplorer.generate(new SplittableRandom(seed)),
                    SendExplorer.generate(new SplittableRandom(seed)));
        }
        assertNotEquals(SendExplorer.generate(new SplittableRandom(1)), SendExplorer.generate(new SplittableRandom(2)));
    }

    @Test
    void twoHundredSeedsCoverEveryStepKindEveryFaultAndBothProviders() {
        Set<String> seen = new HashSet<>();
        Set<String> workers = new HashSet<>();
        Set<Boolean> providers = new HashSet<>();
        for (long seed = 0; seed < 200; seed++) {
            providers.add(SendExplorer.dedup(seed));
            List<SendExplorer.SendStep> steps = SendExplorer.generate(new SplittableRandom(seed));
            assertTrue(steps.size() >= 10 && steps.size() <= 30, "10 to 30 steps, got " + steps.size());
            for (SendExplorer.SendStep step : steps) {
                seen.add(step.getClass().getSimpleName());
                if (step instanceof SendExplorer.Fault f) {
                    seen.add(f.fault().label());
                } else if (step instanceof SendExplorer.Insert i && i.revoked()) {
                    seen.add("revoked");
                } else if (step instanceof SendExplorer.DrainReplyLost l) {
                    seen.add(l.committing() ? "reply-lost-committing" : "reply-lost-any");
                } else if (step instanceof SendExplorer.Copy c) {
                    assertTrue(c.notification() >= 0 && c.notification() < SendExplorer.FIRST_NOTIFICATIONS,
                            "a copy of a notification every schedule has, got #" + c.notification());
                    seen.add("copies-" + c.count());
                }
                if (!step.actor().equals(SendExplorer.NEMESIS)) {
                    workers.add(step.actor());
                }
                assertTrue(!step.describe().isBlank());
            }
        }
        for (String kind : List.of("Drain", "Fault", "Insert", "revoked", "Copy", "copies-1",
                "copies-2", "reply-lost-committing", "reply-lost-any")) {
            assertTrue(seen.contains(kind), "no " + kind + " in 200 seeds");
        }
        for (ProviderFault fault : ProviderFault.values()) {
            assertTrue(seen.contains(fault.label()), "no " + fault.label() + " in 200 seeds");
        }
        assertEquals(Set.of(true, false), providers);
        assertEquals(Set.of("worker-1", "worker-2", "worker-3", "worker-4"), workers);
    }
}
