package dev.lockdrill.app;

import dev.lockdrill.history.NamedScenario;
import dev.lockdrill.kata.Kata;
import org.junit.jupiter.api.Test;

import java.util.Set;

import static org.assertj.core.api.Assertions.assertThat;

/** The swimlane a kata falls back to is a scenario its workload runs and its contract names. */
class LessonScenarioTest {

    @Test
    void everyKatasLessonScenarioIsOneItsWorkloadRuns() {
        for (Kata kata : KataRegistry.all()) {
            if (kata.lessonScenario() != null) {
                assertThat(kata.scenarios()).extracting(NamedScenario::name).as(kata.id())
                        .contains(kata.lessonScenario());
            }
        }
    }

    @Test
    void everyKatasLessonScenarioIsNamedByAClauseOfItsContract() {
        for (Kata kata : KataRegistry.all()) {
            assertThat(DevCheck.coverage(kata, Set.of())).as(kata.id())
                    .noneMatch(problem -> problem.contains("lesson scenario"));
        }
    }

    @Test
    void devCheckReportsALessonScenarioTheReferenceNeverRan() {
        Kata kata = KataRegistry.get("pg-lock-service");
        assertThat(DevCheck.coverage(kata, Set.of("handover")))
                .contains("the lesson scenario paused-past-ttl was never run by the reference");
    }
}
