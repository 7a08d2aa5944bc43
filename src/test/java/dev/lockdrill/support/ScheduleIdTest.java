package dev.lockdrill.support;

import org.junit.jupiter.api.Test;

import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

class ScheduleIdTest {
    @Test
    void aSeedAloneKeepsEveryStep() {
        ScheduleId id = ScheduleId.parse("4711").orElseThrow();
        assertThat(id.seed()).isEqualTo(4711);
        assertThat(id.keeps(0)).isTrue();
        assertThat(id.keeps(99)).isTrue();
        assertThat(id).hasToString("4711");
    }

    @Test
    void aShrunkIdKeepsOnlyItsStepsAndPrintsAsItParses() {
        ScheduleId id = ScheduleId.parse("4711:8,0,3,3").orElseThrow();
        assertThat(id.kept()).containsExactly(0, 3, 8);
        assertThat(id.keeps(3)).isTrue();
        assertThat(id.keeps(4)).isFalse();
        assertThat(id).hasToString("4711:0,3,8");
        assertThat(ScheduleId.parse(id.toString())).contains(id);
        assertThat(id.scenario()).isEqualTo("explore-4711:0,3,8");
    }

    @Test
    void textThatIsNoScheduleIsRefused() {
        for (String bad : List.of("", "x", "12:a", "12:1:2", "12:-1", "1.5")) {
            assertThat(ScheduleId.parse(bad)).as(bad).isEmpty();
        }
    }

    @Test
    void severalIdsTravelAsOneValue() {
        List<ScheduleId> ids = List.of(ScheduleId.of(1), ScheduleId.of(2).keeping(List.of(0, 5)));
        assertThat(ScheduleId.split(ScheduleId.join(ids))).isEqualTo(ids);
    }
}
