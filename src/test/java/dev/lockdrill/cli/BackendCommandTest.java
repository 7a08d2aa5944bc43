package dev.lockdrill.cli;

import dev.lockdrill.app.AppContext;
import dev.lockdrill.catalog.Workbook;
import dev.lockdrill.db.BackendSelector;
import dev.lockdrill.db.BackendSettings;
import dev.lockdrill.db.BackendSettingsStore;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** `backend` chooses the PostgreSQL while the shell runs, and remembers it without the password. */
class BackendCommandTest {
    @TempDir
    Path dir;

    @Test
    void aChosenUrlIsUsedAtOnceAndSavedWithoutItsPassword() throws Exception {
        AppContext app = app(Map.of(BackendSelector.URL_ENV, "jdbc:postgresql://env/x?user=e"));
        // laid out wide, so that the sentences read whole whatever the width
        Session session = new Session(() -> app, q -> null, true, false).withWidth(300);

        String out = run(session, "backend", "--jdbc-url", "postgresql://alice:hunter2@db:5433/app");

        assertThat(out).contains("backend: backend").contains("jdbc:postgresql://db:5433/app?user=alice")
                .contains("its password is not stored").doesNotContain("hunter2");
        assertThat(app.selector().open(null).jdbcUrl())
                .isEqualTo("jdbc:postgresql://db:5433/app?user=alice&password=hunter2");
        String file = Files.readString(dir.resolve(".lockdrill/settings.json"));
        assertThat(file).contains("jdbc:postgresql://db:5433/app?user=alice").doesNotContain("hunter2");

        AppContext later = app(Map.of());
        assertThat(later.selector().choose(null).source()).isEqualTo(BackendSelector.SAVED);
    }

    @Test
    void autoForgetsTheChoiceAndBareBackendSaysWhy() {
        AppContext app = app(Map.of("PGHOST", "127.0.0.1", "PGUSER", "postgres"));
        Session session = new Session(() -> app, q -> null, true, false).withWidth(300);
        run(session, "backend", "--jdbc-url", "jdbc:postgresql://db/x?user=u");

        String out = run(session, "backend", "--auto");

        assertThat(out).contains("chosen automatically again")
                .contains("backend: PGHOST — libpq's variables chose it (PGHOST, PGUSER set)");
        assertThat(new BackendSettingsStore(dir.resolve(".lockdrill"), n -> { }).read().jdbcUrl()).isNull();
        assertThat(run(session, "backend")).contains("backend: PGHOST");
    }

    @Test
    void theSettingsStoreRefusesAPassword() {
        BackendSettingsStore store = new BackendSettingsStore(dir, n -> { });

        assertThatThrownBy(() -> store.write(new BackendSettings("jdbc:postgresql://h/d?password=x", null)))
                .isInstanceOf(IllegalArgumentException.class);
        assertThat(Files.exists(store.file())).isFalse();
    }

    private AppContext app(Map<String, String> env) {
        return new AppContext(Workbook.at(dir), Clock.systemUTC(), new BackendSelector(env, "root"));
    }

    private static String run(Session session, String... args) {
        StringWriter out = new StringWriter();
        Cli.execute(session, args, new PrintWriter(out), new PrintWriter(new StringWriter()), false);
        return out.toString();
    }
}
