package dev.lockdrill.db;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.OptionalInt;

/**
 * How many more client connections the server takes from a role that is not a superuser (a check's
 * own role is not one): {@code max_connections}, less the slots kept for superusers, less the client
 * sessions open now. A check whose lanes would need more than that ends with "remaining connection
 * slots are reserved" halfway through; it runs in fewer lanes instead.
 */
public final class ConnectionRoom {
    private ConnectionRoom() {
    }

    /** The free slots now, or empty when the server cannot tell (the check then runs as the kata says). */
    public static OptionalInt free(String jdbcUrl) {
        try (Connection c = AdminConnections.open(jdbcUrl, "lockdrill-admin"); Statement s = c.createStatement();
             ResultSet rs = s.executeQuery("""
                     SELECT current_setting('max_connections')::int
                            - current_setting('superuser_reserved_connections')::int
                            - (SELECT count(*) FROM pg_stat_activity WHERE backend_type = 'client backend')""")) {
            return rs.next() ? OptionalInt.of(Math.max(0, rs.getInt(1))) : OptionalInt.empty();
        } catch (SQLException e) {
            return OptionalInt.empty();
        }
    }
}
