package dev.lockdrill.db;

import org.junit.jupiter.api.Test;

import java.nio.file.Path;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/** Which PgBouncer the checks run, and why none when none. */
class PgBouncerTest {

    @Test
    void offMeansNoneAndSaysSoRatherThanNotInstalled() {
        Map<String, String> env = Map.of(PgBouncer.ENV, PgBouncer.OFF);

        assertThat(PgBouncer.executable(env)).isEmpty();
        assertThat(PgBouncer.absence(env)).isEqualTo("LOCKDRILL_PGBOUNCER=off turns PgBouncer off");
    }

    @Test
    void aNamedPathIsTakenAsGivenSoThatOneThatCannotRunFailsToStartInsteadOfBeingSkipped() {
        assertThat(PgBouncer.executable(Map.of(PgBouncer.ENV, "/nowhere/pgbouncer")))
                .contains(Path.of("/nowhere/pgbouncer"));
    }

    @Test
    void withoutTheSettingTheAbsenceIsThatItIsNotInstalled() {
        assertThat(PgBouncer.absence(Map.of())).isEqualTo(PgBouncer.NOT_INSTALLED);
    }
}
