package dev.lockdrill.db;

import dev.lockdrill.testing.Pipelines;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.Supplier;
import java.util.logging.Handler;
import java.util.logging.Level;
import java.util.logging.LogRecord;
import java.util.logging.Logger;

import static org.assertj.core.api.Assertions.assertThat;

/** The probe of libpq's defaults against the tests' real PostgreSQL: found, refused, or nobody there. */
class LocalServerTest {

    @Test
    void aServerThatLetsTheRoleInIsConnected() {
        assertThat(LocalServer.connect(Pipelines.JDBC_URL).state()).isEqualTo(LocalServer.State.CONNECTED);
    }

    @Test
    void aMissingRoleIsARefusalThatSaysSoNotAnAbsentServer() {
        String url = JdbcUrls.asUser(Pipelines.JDBC_URL, "lockdrill_no_such_role", "x");

        LocalServer.Found found = quietly(() -> LocalServer.connect(url));

        assertThat(found.state()).isEqualTo(LocalServer.State.REFUSED);
        assertThat(found.detail()).contains("lockdrill_no_such_role").doesNotContain("password=x");
    }

    @Test
    void aClosedPortIsAnAbsentServerAnsweredWithinTheShortTimeoutAndWithoutLogLines() {
        long start = System.nanoTime();

        LocalServer.Found found = quietly(() -> LocalServer.connect("jdbc:postgresql://127.0.0.1:1/x?user=u"));

        assertThat(found.state()).isEqualTo(LocalServer.State.ABSENT);
        assertThat(Duration.ofNanos(System.nanoTime() - start)).isLessThan(Duration.ofSeconds(3));
    }

    @Test
    void theDefaultsAreLocalhostTheOsUserAsRoleAndDatabaseAndTheLibpqPassword() {
        assertThat(LocalServer.url(Map.of(), "carol"))
                .isEqualTo("jdbc:postgresql://localhost:5432/carol?user=carol");
        assertThat(LocalServer.url(Map.of("PGPASSWORD", "s", "PGSSLMODE", "require"), "carol"))
                .isEqualTo("jdbc:postgresql://localhost:5432/carol?user=carol&password=s&sslmode=require");
    }

    /** Runs the probe and fails if pgjdbc logged anything a console handler would print (INFO and up). */
    private static LocalServer.Found quietly(Supplier<LocalServer.Found> probe) {
        Logger driver = Logger.getLogger("org.postgresql");
        List<LogRecord> printed = new ArrayList<>();
        Handler handler = new Handler() {
            @Override
            public void publish(LogRecord record) {
                if (record.getLevel().intValue() >= Level.INFO.intValue()) {
                    printed.add(record);
                }
            }

            @Override
            public void flush() {
            }

            @Override
            public void close() {
            }
        };
        driver.addHandler(handler);
        try {
            return probe.get();
        } finally {
            driver.removeHandler(handler);
            assertThat(printed).extracting(LogRecord::getMessage).isEmpty();
        }
    }
}
