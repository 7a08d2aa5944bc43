package dev.lockdrill.app;

import dev.lockdrill.kata.Kata;
import org.junit.jupiter.api.Test;

import java.lang.reflect.Field;
import java.lang.reflect.Method;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;

import static org.assertj.core.api.Assertions.assertThat;

/** The swimlane a kata falls back to is a scenario its workload runs and its contract names. */
class LessonScenarioTest {

    @Test
    void everyKatasLessonScenarioIsOneItsWorkloadRuns() throws ReflectiveOperationException {
        for (Kata kata : KataRegistry.all()) {
            if (kata.lessonScenario() != null) {
                assertThat(scenarioNames(kata)).as(kata.id()).contains(kata.lessonScenario());
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

    /** The names of the scripted scenarios in the workload's {@code SCENARIOS}, the list it runs in order. */
    private static List<String> scenarioNames(Kata kata) throws ReflectiveOperationException {
        Field field = kata.workload().getDeclaredField("SCENARIOS");
        field.setAccessible(true);
        List<String> names = new ArrayList<>();
        for (Object scenario : (List<?>) field.get(null)) {
            Method name = nameMethod(scenario.getClass());
            name.setAccessible(true);
            names.add((String) name.invoke(scenario));
        }
        return names;
    }

    /** {@code name()}, declared by the scenario's class, a superclass, or (package-private) its interface. */
    private static Method nameMethod(Class<?> type) throws NoSuchMethodException {
        for (Class<?> c = type; c != null; c = c.getSuperclass()) {
            try {
                return c.getDeclaredMethod("name");
            } catch (NoSuchMethodException notHere) {
                // look further up
            }
        }
        throw new NoSuchMethodException(type.getName() + ".name()");
    }
}
