package dev.lockdrill.kata.redlock.workload;

import org.junit.jupiter.api.Test;

import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.SplittableRandom;

import static org.assertj.core.api.Assertions.assertThat;

class RedlockExplorerTest {
    @Test
    void theSameSeedGeneratesTheSameSteps() {
        for (long seed = 0; seed < 50; seed++) {
            assertThat(RedlockExplorer.generate(new SplittableRandom(seed)))
                    .isEqualTo(RedlockExplorer.generate(new SplittableRandom(seed)));
        }
    }

    @Test
    void schedulesHaveTenToThirtyStepsAndAtMostFourClients() {
        for (long seed = 0; seed < 200; seed++) {
            List<RedlockExplorer.RedlockStep> steps = RedlockExplorer.generate(new SplittableRandom(seed));
            assertThat(steps).hasSizeBetween(10, 30);
            assertThat(steps.stream().map(RedlockExplorer.RedlockStep::actor).filter(a -> a.startsWith("w-"))
                    .distinct().count()).isLessThanOrEqualTo(4L);
        }
    }

    @Test
    void stepsCoverEveryKindBothDegradationsBothSidesOfATokenAndShortAndLongTtlsAcross200Seeds() {
        Set<Class<?>> kinds = new HashSet<>();
        boolean blackHole = false;
        boolean slow = false;
        boolean shortTtl = false;
        boolean longTtl = false;
        boolean pastValidity = false;
        boolean heldBeforeTheServer = false;
        boolean replyHeld = false;
        boolean heldPastTtl = false;
        for (long seed = 0; seed < 200; seed++) {
            for (RedlockExplorer.RedlockStep step : RedlockExplorer.generate(new SplittableRandom(seed))) {
                kinds.add(step.getClass());
                assertThat(step.describe()).isNotBlank();
                if (step instanceof RedlockExplorer.Degrade d) {
                    blackHole |= d.worker() != null;
                    slow |= d.worker() == null;
                    assertThat(d.slowMillis()).isLessThanOrEqualTo(RedlockExplorer.SLOW_MAX_MILLIS);
                } else if (step instanceof RedlockExplorer.Acquire a) {
                    shortTtl |= a.ttlMillis() <= RedlockExplorer.SHORT_TTL_MILLIS + 200;
                    longTtl |= a.ttlMillis() >= 2900;
                    assertThat(a.ttlMillis()).isBetween(RedlockExplorer.SHORT_TTL_MILLIS, 3000L);
                } else if (step instanceof RedlockExplorer.HeldAcquire h) {
                    heldBeforeTheServer |= !h.replyHeld();
                    replyHeld |= h.replyHeld();
                    heldPastTtl |= h.holdMillis() > h.ttlMillis();
                } else if (step instanceof RedlockExplorer.Pause p) {
                    pastValidity |= p.millis() > RedlockExplorer.SHORT_TTL_MILLIS;
                }
            }
        }
        assertThat(kinds).containsExactlyInAnyOrder(RedlockExplorer.Acquire.class, RedlockExplorer.HeldAcquire.class,
                RedlockExplorer.Write.class,
                RedlockExplorer.Release.class, RedlockExplorer.Pause.class, RedlockExplorer.Restart.class,
                RedlockExplorer.Degrade.class, RedlockExplorer.Heal.class, RedlockExplorer.CutTtl.class);
        assertThat(List.of(blackHole, slow, shortTtl, longTtl, pastValidity, heldBeforeTheServer, replyHeld,
                heldPastTtl)).containsOnly(true);
    }
}
