package dev.lockdrill.app;

import dev.lockdrill.db.ConnectionRoom;
import dev.lockdrill.kata.Kata;
import dev.lockdrill.testing.Pipelines;
import org.junit.jupiter.api.Test;

import java.sql.Connection;
import java.sql.DriverManager;
import java.util.ArrayList;
import java.util.List;
import java.util.OptionalInt;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A check runs in as many lanes as the server's free connection slots hold for two check processes
 * (double-send: 82 connections at the peak of a four-lane check, of the 97 a default server gives
 * roles that are not superusers; 49 with two lanes), never fewer than one, and all of them when the
 * server cannot say.
 */
class ConnectionBudgetTest {
    private final Kata doubleSend = KataRegistry.get("double-send");

    @Test
    void aDefaultServerHoldsEveryLaneAndABusyOneFewer() {
        assertThat(CheckService.lanes(doubleSend)).isEqualTo(4);
        assertThat(CheckService.lanes(doubleSend, OptionalInt.of(96))).isEqualTo(4);
        assertThat(CheckService.lanes(doubleSend, OptionalInt.of(91))).isEqualTo(3);
        assertThat(CheckService.lanes(doubleSend, OptionalInt.of(46))).isEqualTo(1);
        assertThat(CheckService.lanes(doubleSend, OptionalInt.of(0))).as("at least one").isEqualTo(1);
        assertThat(CheckService.lanes(doubleSend, OptionalInt.empty())).as("the server could not say").isEqualTo(4);
        assertThat(CheckService.lanes(KataRegistry.get("fencing-token"), OptionalInt.of(0))).isEqualTo(1);
    }

    @Test
    void theRoomIsWhatTheServerHasLeftForRolesThatAreNotSuperusers() throws Exception {
        int before = ConnectionRoom.free(Pipelines.JDBC_URL).orElseThrow();
        assertThat(before).isPositive();
        List<Connection> held = new ArrayList<>();
        try {
            for (int i = 0; i < 10; i++) {
                held.add(DriverManager.getConnection(Pipelines.JDBC_URL));
            }
            // an earlier test's sessions may still be closing: ten of ours show, give or take a few of theirs
            assertThat(ConnectionRoom.free(Pipelines.JDBC_URL).orElseThrow()).isLessThanOrEqualTo(before - 5);
        } finally {
            for (Connection c : held) {
                c.close();
            }
        }
        assertThat(ConnectionRoom.free("jdbc:postgresql://127.0.0.1:1/none?connectTimeout=1")).isEmpty();
    }
}
