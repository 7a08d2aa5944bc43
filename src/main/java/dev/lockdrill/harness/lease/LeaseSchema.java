package dev.lockdrill.harness.lease;

import dev.lockdrill.harness.Database;
import dev.lockdrill.harness.Sql;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.time.Duration;
import java.util.Collection;
import java.util.Map;

/**
 * The queue table the learner drains, and the harness's audit trail of it: one row per UPDATE,
 * with the old and new lease, the database's clock at the change ({@code clock_timestamp()}), at
 * its transaction's start ({@code now()}) and at its commit (a deferred constraint trigger stamps
 * every change of a transaction when it commits), and the session that made it.
 * Shared by the lease-claim and double-send katas.
 */
public final class LeaseSchema {
    private LeaseSchema() {
    }

    public static void create(Connection admin) throws SQLException {
        Sql.exec(admin, """
                CREATE TABLE notifications (id bigint PRIMARY KEY, recipient text NOT NULL DEFAULT 'device-1',
                    payload text NOT NULL, state text NOT NULL DEFAULT 'pending'
                      CHECK (state IN ('pending', 'running', 'done', 'sent', 'failed')),
                    next_attempt_at timestamptz NOT NULL DEFAULT now(), attempts int NOT NULL DEFAULT 0,
                    lease_token bigint, claimed_by text);
                CREATE INDEX notifications_due ON notifications (next_attempt_at, id)
                    WHERE state IN ('pending', 'running');
                CREATE SEQUENCE lease_token_seq;
                CREATE TABLE lockdrill_claim_audit (seq bigserial PRIMARY KEY, id bigint NOT NULL,
                    old_state text, new_state text, old_token bigint, new_token bigint,
                    old_expiry_us bigint, new_expiry_us bigint, old_attempts int, new_attempts int,
                    at_us bigint NOT NULL, tx_us bigint NOT NULL, commit_us bigint,
                    txid bigint NOT NULL DEFAULT txid_current(), app text);
                CREATE INDEX lockdrill_claim_audit_open ON lockdrill_claim_audit (txid) WHERE commit_us IS NULL;
                CREATE FUNCTION lockdrill_claim_audit_fn() RETURNS trigger LANGUAGE plpgsql AS $$
                BEGIN
                  INSERT INTO lockdrill_claim_audit(id, old_state, new_state, old_token, new_token, old_expiry_us,
                      new_expiry_us, old_attempts, new_attempts, at_us, tx_us, app)
                    VALUES (NEW.id, OLD.state, NEW.state, OLD.lease_token, NEW.lease_token,
                      (extract(epoch FROM OLD.next_attempt_at) * 1000000)::bigint,
                      (extract(epoch FROM NEW.next_attempt_at) * 1000000)::bigint,
                      OLD.attempts, NEW.attempts, (extract(epoch FROM clock_timestamp()) * 1000000)::bigint,
                      (extract(epoch FROM now()) * 1000000)::bigint, current_setting('application_name'));
                  RETURN NEW;
                END $$;
                CREATE TRIGGER lockdrill_claim_audit_trg AFTER UPDATE ON notifications
                  FOR EACH ROW EXECUTE FUNCTION lockdrill_claim_audit_fn();
                CREATE FUNCTION lockdrill_claim_commit_fn() RETURNS trigger LANGUAGE plpgsql AS $$
                BEGIN
                  UPDATE lockdrill_claim_audit SET commit_us = (extract(epoch FROM clock_timestamp()) * 1000000)::bigint
                    WHERE txid = txid_current() AND commit_us IS NULL;
                  RETURN NULL;
                END $$;
                CREATE CONSTRAINT TRIGGER lockdrill_claim_commit_trg AFTER UPDATE ON notifications
                  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION lockdrill_claim_commit_fn();
                """);
    }

    /**
     * Ends what a scenario's workers left behind, in one statement on the harness's connection:
     * kills their sessions (open transactions, leaked connections) by application_name.
     */
    public static void killSessions(Connection admin, Database database, Collection<String> workers)
            throws SQLException {
        String[] names = workers.stream().map(database::applicationName).toArray(String[]::new);
        try (PreparedStatement ps = admin.prepareStatement(
                "SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE application_name = ANY (?)")) {
            ps.setArray(1, admin.createArrayOf("text", names));
            ps.execute();
        }
    }

    /** The audit rows and final rows for ids in [from, to), as observation rows. */
    public static String auditQuery() {
        return """
                SELECT seq, id, old_state AS "oldState", new_state AS "newState", old_token AS "oldToken",
                       new_token AS "newToken", old_expiry_us AS "oldExpiryUs", new_expiry_us AS "newExpiryUs",
                       old_attempts AS "oldAttempts", new_attempts AS "newAttempts", at_us AS "atUs", tx_us AS "txUs",
                       commit_us AS "commitUs", app
                FROM lockdrill_claim_audit WHERE id >= ? AND id < ? ORDER BY seq""";
    }

    /** The name of the observation that records the lease each worker was asked to take ({@link #askedRow}). */
    public static final String ASKED = "lease-asked";

    /** One row of the {@value #ASKED} observation: the lease this worker's implementation was built with. */
    public static Map<String, Object> askedRow(String worker, Duration lease) {
        return Map.of("worker", worker, "leaseUs", lease.toNanos() / 1_000);
    }

    public static String finalQuery() {
        return """
                SELECT id, recipient, payload, state, attempts, lease_token AS "leaseToken",
                       (extract(epoch FROM next_attempt_at) * 1000000)::bigint AS "nextAttemptUs"
                FROM notifications WHERE id >= ? AND id < ? ORDER BY id""";
    }
}
