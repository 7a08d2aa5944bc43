package dev.lockdrill.cli;

import dev.lockdrill.support.LockdrillException;
import org.junit.jupiter.api.Test;

import java.time.Duration;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class DurationsTest {
    @Test
    void readsWhatPeopleType() {
        assertThat(Durations.parse("--explore", "90")).isEqualTo(Duration.ofSeconds(90));
        assertThat(Durations.parse("--explore", "90s")).isEqualTo(Duration.ofSeconds(90));
        assertThat(Durations.parse("--explore", "2m")).isEqualTo(Duration.ofMinutes(2));
        assertThat(Durations.parse("--explore", "1m30s")).isEqualTo(Duration.ofSeconds(90));
        assertThat(Durations.parse("--explore", "1H")).isEqualTo(Duration.ofHours(1));
    }

    @Test
    void refusesWhatIsNoDurationInOneSentence() {
        for (String bad : new String[]{"", "soon", "10x", "-5", "0", "25h", "1.5m"}) {
            assertThatThrownBy(() -> Durations.parse("--explore", bad)).as(bad)
                    .isInstanceOf(LockdrillException.class).hasMessageStartingWith("--explore ");
        }
    }
}
