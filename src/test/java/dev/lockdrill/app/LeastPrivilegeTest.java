package dev.lockdrill.app;

import dev.lockdrill.db.RunSchema;
import dev.lockdrill.score.CheckResult;
import dev.lockdrill.score.RunStatus;
import dev.lockdrill.testing.Pipelines;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.List;
import java.util.Properties;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeFalse;

/**
 * With a superuser configured (the README's {@code user=postgres}), the learner's code still runs
 * as a role of the run's own: a hostile kata's five attacks on the rest of the database are each
 * refused, the user's other schemas and another run's are untouched, and the kata still passes.
 */
class LeastPrivilegeTest {
    static final List<String> ATTACKS = List.of("drop-other-schema", "create-in-public", "alter-system",
            "read-pg-authid", "terminate-other-role");
    /** The setting the fixture's ALTER SYSTEM tries, as postgresql.auto.conf has it. */
    static final String ALTERED = "SELECT count(*) FROM pg_file_settings WHERE name = 'vacuum_cost_page_miss' "
            + "AND sourcefile LIKE '%postgresql.auto.conf'";
    @TempDir
    Path state;
    private boolean alreadySet = true;
    private final String victim = "hostile_victim_" + Long.toHexString(System.nanoTime());

    @AfterEach
    void undoWhateverGotThrough() throws SQLException {
        try (Connection c = DriverManager.getConnection(Pipelines.JDBC_URL); Statement s = c.createStatement()) {
            s.execute("DROP SCHEMA IF EXISTS " + victim + " CASCADE");
            s.execute("DROP TABLE IF EXISTS public.hostile_fixture_table");
            if (!alreadySet && count(s, ALTERED) > 0) {
                s.execute("ALTER SYSTEM RESET vacuum_cost_page_miss");
            }
        }
    }

    @Test
    void aHostileKataIsRefusedEachAttackAndTheOtherSchemasAreUntouched() throws Exception {
        String otherRun = RunSchema.newTag();
        Properties victimProps = new Properties();
        victimProps.setProperty("ApplicationName", "hostile-victim");
        try (Connection admin = DriverManager.getConnection(Pipelines.JDBC_URL); Statement s = admin.createStatement();
             Connection victimSession = DriverManager.getConnection(Pipelines.JDBC_URL, victimProps);
             RunSchema concurrent = RunSchema.create(Pipelines.JDBC_URL, otherRun + "_victim", otherRun);
             AppContext app = Pipelines.app(state)) {
            alreadySet = count(s, ALTERED) > 0;
            assumeFalse(alreadySet, "postgresql.auto.conf already sets vacuum_cost_page_miss");
            s.execute("CREATE SCHEMA " + victim);
            s.execute("CREATE TABLE " + victim + ".precious (id int)");
            s.execute("INSERT INTO " + victim + ".precious VALUES (1)");
            s.execute("CREATE TABLE " + concurrent.name() + ".in_use (id int)");

            CheckResult result = Pipelines.check(app, "fencing-token",
                    Pipelines.repoRoot().resolve("src/test/resources/fixture-katas/fencing-token/hostile"), 5);

            String log = Files.readString(outputLog());
            for (String attack : ATTACKS) {
                assertThat(log).as("the run's log").contains("attack " + attack + ": refused (42501)");
            }
            assertThat(count(s, "SELECT count(*) FROM " + victim + ".precious")).as("the user's schema").isEqualTo(1);
            assertThat(count(s, "SELECT count(*) FROM " + concurrent.name() + ".in_use")).as("another run's schema")
                    .isZero();
            assertThat(count(s, "SELECT count(*) FROM pg_tables WHERE schemaname = 'public' "
                    + "AND tablename = 'hostile_fixture_table'")).as("a table in public").isZero();
            assertThat(count(s, ALTERED)).as("ALTER SYSTEM").isZero();
            assertThat(victimSession.isValid(2)).as("the other role's session").isTrue();
            assertThat(result.status()).as(Pipelines.explain(result)).isEqualTo(RunStatus.PASS);
        }
    }

    @Test
    void theRunsRoleIsDroppedWithItsSchema() throws Exception {
        String tag = RunSchema.newTag();
        RunSchema run = RunSchema.create(Pipelines.JDBC_URL, tag + "_you", tag);
        assertThat(run.role()).isEqualTo(run.name());
        try (Connection owner = DriverManager.getConnection(run.ownerUrl()); Statement s = owner.createStatement()) {
            s.execute("CREATE TABLE t (id int)");
            s.execute("CREATE FUNCTION f() RETURNS int LANGUAGE plpgsql AS $$ BEGIN RETURN 1; END $$");
            assertThat(count(s, "SELECT count(*) FROM pg_tables WHERE schemaname = '" + run.name() + "'"))
                    .as("the role creates in its own schema by default").isEqualTo(1);

            run.close();

            assertThat(run.problem()).isEmpty();
        }
        try (Connection c = DriverManager.getConnection(Pipelines.JDBC_URL); Statement s = c.createStatement()) {
            assertThat(count(s, "SELECT count(*) FROM pg_roles WHERE rolname = '" + run.name() + "'")).isZero();
            assertThat(count(s, "SELECT count(*) FROM pg_namespace WHERE nspname = '" + run.name() + "'")).isZero();
        }
    }

    private Path outputLog() throws Exception {
        try (Stream<Path> walk = Files.walk(state)) {
            return walk.filter(p -> p.getFileName().toString().equals("you-output.log")).findFirst().orElseThrow();
        }
    }

    private static int count(Statement s, String sql) throws SQLException {
        try (ResultSet rs = s.executeQuery(sql)) {
            rs.next();
            return rs.getInt(1);
        }
    }
}
