package dev.lockdrill.harness.explore;

import dev.lockdrill.db.RunSchema;
import dev.lockdrill.harness.Database;
import dev.lockdrill.testing.Pipelines;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.sql.Connection;
import java.sql.Statement;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

import static org.assertj.core.api.Assertions.assertThat;

/** Against a real PostgreSQL: the worker whose statement waits on another's lock waits; the holder does not. */
class SessionLockWaitsTest {
    private RunSchema schema;
    private Database database;

    @BeforeEach
    void createSchema() throws Exception {
        String name = "ldwaits_" + Long.toHexString(System.nanoTime() & 0xffffff);
        schema = RunSchema.create(Pipelines.JDBC_URL, name, "ldwaits");
        database = new Database(Pipelines.JDBC_URL, name, "ldwaits");
    }

    @AfterEach
    void dropSchema() throws Exception {
        schema.close();
    }

    @Test
    void aStatementWaitingOnAnotherSessionsAdvisoryLockIsSeenWaiting() throws Exception {
        try (SessionLockWaits waits = new SessionLockWaits(database);
             Connection holder = database.connect("worker-1");
             Connection waiter = database.connect("worker-2")) {
            try (Statement st = holder.createStatement()) {
                st.execute("SELECT pg_advisory_lock(4711)");
            }
            assertThat(waits.waiting("worker-2")).as("nothing asked for the lock yet").isFalse();
            CompletableFuture<Void> blocked = CompletableFuture.runAsync(() -> {
                try (Statement st = waiter.createStatement()) {
                    st.execute("SELECT pg_advisory_lock(4711)");
                } catch (Exception e) {
                    throw new IllegalStateException(e);
                }
            });
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(5);
            while (!waits.waiting("worker-2") && System.nanoTime() < deadline) {
                Thread.sleep(5);
            }
            assertThat(waits.waiting("worker-2")).isTrue();
            assertThat(waits.waiting("worker-1")).as("the holder").isFalse();
            try (Statement st = holder.createStatement()) {
                st.execute("SELECT pg_advisory_unlock(4711)");
            }
            blocked.get(5, TimeUnit.SECONDS);
            assertThat(waits.waiting("worker-2")).as("once it has the lock").isFalse();
        }
    }
}
