package dev.lockdrill.kata.doublesend.workload;

import dev.lockdrill.db.RunSchema;
import dev.lockdrill.harness.Database;
import dev.lockdrill.harness.EventSink;
import dev.lockdrill.harness.Recorder;
import dev.lockdrill.harness.Sql;
import dev.lockdrill.harness.WorkloadContext;
import dev.lockdrill.harness.lease.LeaseSchema;
import dev.lockdrill.katas.api.send.Message;
import dev.lockdrill.testing.Pipelines;
import org.junit.jupiter.api.Test;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.sql.Connection;
import java.time.Duration;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Which notification a message is for comes from what the harness inserted and who holds which
 * row, never from reading the body: two notifications with the same recipient and payload are two.
 */
class SendRigTest {
    private static final String SCHEMA_TAG = "ldsend";

    /** Runs {@code body} against a fresh schema with the notifications table and a rig over it. */
    private static void withRig(RigBody body) throws Exception {
        String schema = SCHEMA_TAG + "_" + Long.toHexString(System.nanoTime() & 0xffffff);
        try (RunSchema ignored = RunSchema.create(Pipelines.JDBC_URL, schema, SCHEMA_TAG)) {
            Database database = new Database(Pipelines.JDBC_URL, schema, SCHEMA_TAG);
            Recorder recorder = new Recorder(new EventSink(new PrintStream(new ByteArrayOutputStream(), true,
                    StandardCharsets.UTF_8)));
            try (Connection admin = database.owner()) {
                LeaseSchema.create(admin);
                WorkloadContext context = new WorkloadContext(1, recorder, null, database);
                try (SendRig rig = new SendRig(context, admin, "s", 1_000_000, new DedupProvider(),
                        Duration.ofSeconds(30))) {
                    body.run(rig, database, admin);
                }
            }
        }
    }

    @FunctionalInterface
    private interface RigBody {
        void run(SendRig rig, Database database, Connection admin) throws Exception;
    }

    /** What a worker does when it claims a row: its own session writes the lease, and its name. */
    private static void claim(Database database, String worker, long id) throws Exception {
        try (Connection c = database.connect(worker)) {
            Sql.exec(c, "UPDATE notifications SET claimed_by = '" + worker + "', lease_token = nextval('lease_token_seq'), "
                    + "next_attempt_at = now() + interval '30 seconds' WHERE id = " + id);
        }
    }

    private static Message message(String body) {
        return new Message("device-3", body, null, null);
    }

    @Test
    void identicalNotificationsAreToldApartByTheWorkerHoldingEach() throws Exception {
        withRig((rig, database, admin) -> {
            List<Long> ids = rig.insert("device-3", List.of("Your order has shipped", "Your order has shipped"));
            claim(database, "worker-1", ids.get(1));
            claim(database, "worker-2", ids.get(0));

            assertThat(rig.notificationOf("worker-1", message("Your order has shipped"))).isEqualTo(ids.get(1));
            assertThat(rig.notificationOf("worker-2", message("Your order has shipped"))).isEqualTo(ids.get(0));
        });
    }

    /** A row lock held across the send, in a transaction not yet committed: the row's xmax names the holder. */
    @Test
    void identicalNotificationsLockedInOpenTransactionsAreToldApartByTheirLockHolder() throws Exception {
        withRig((rig, database, admin) -> {
            List<Long> ids = rig.insert("device-3", List.of("Your order has shipped", "Your order has shipped"));
            try (Connection first = database.connect("worker-1"); Connection second = database.connect("worker-2")) {
                first.setAutoCommit(false);
                second.setAutoCommit(false);
                Sql.rows(second, "SELECT id FROM notifications WHERE id = ? FOR UPDATE", ids.get(0));
                Sql.rows(first, "SELECT id FROM notifications WHERE id = ? FOR UPDATE", ids.get(1));

                assertThat(rig.notificationOf("worker-1", message("Your order has shipped"))).isEqualTo(ids.get(1));
                assertThat(rig.notificationOf("worker-2", message("Your order has shipped"))).isEqualTo(ids.get(0));
                first.rollback();
                second.rollback();
            }
        });
    }

    /** Nobody holds either: one request each tells them apart. */
    @Test
    void identicalNotificationsNobodyHoldsGetOneRequestEach() throws Exception {
        withRig((rig, database, admin) -> {
            List<Long> ids = rig.insert("device-3", List.of("Your daily reminder", "Your daily reminder"));

            long first = rig.notificationOf("worker-1", message("Your daily reminder"));
            long second = rig.notificationOf("worker-1", message("Your daily reminder"));

            assertThat(List.of(first, second)).containsExactlyInAnyOrderElementsOf(ids);
        });
    }

    @Test
    void aCopyOfAFinishedNotificationIsTheCopy() throws Exception {
        withRig((rig, database, admin) -> {
            long first = rig.insert("device-3", List.of("Your order has shipped")).get(0);
            assertThat(rig.notificationOf("worker-1", message("Your order has shipped"))).isEqualTo(first);
            Sql.exec(admin, "UPDATE notifications SET state = 'sent' WHERE id = " + first);
            rig.insertAgain(List.of(first));
            long copy = first + 1;

            assertThat(rig.notificationOf("worker-1", message("Your order has shipped"))).isEqualTo(copy);
        });
    }

    /** A body that reads like a notification's but is no payload the harness inserted belongs to none. */
    @Test
    void aBodyThatNamesANotificationIsNotReadForItsId() throws Exception {
        withRig((rig, database, admin) -> {
            long id = rig.insert(1, 0).get(0);

            assertThat(rig.notificationOf("worker-1", message("notification " + id + " (elsewhere)"))).isEqualTo(-1);
        });
    }
}
