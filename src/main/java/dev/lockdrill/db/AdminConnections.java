package dev.lockdrill.db;

import java.net.SocketTimeoutException;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.util.Properties;

/**
 * Connections lockdrill opens for itself (schema set-up and sweeps, doctor's probes). Whatever
 * listens at the URL's port must answer as PostgreSQL within {@link #LOGIN_SECONDS}: a server that
 * accepts the connection and then says nothing (Redis on 6379 waits for a line that never comes)
 * is given up on at once, instead of after minutes. Queries then get {@link #QUERY_SECONDS}.
 */
public final class AdminConnections {
    static final int LOGIN_SECONDS = 5;
    static final int QUERY_SECONDS = 30;

    private AdminConnections() {
    }

    public static Connection open(String jdbcUrl, String applicationName) throws SQLException {
        DriverLog.off();
        Properties props = new Properties();
        props.setProperty("ApplicationName", applicationName);
        props.setProperty("connectTimeout", String.valueOf(LOGIN_SECONDS));
        props.setProperty("socketTimeout", String.valueOf(LOGIN_SECONDS));
        // the whole login, with the driver's retry without SSL after the SSL request went unanswered
        props.setProperty("loginTimeout", String.valueOf(LOGIN_SECONDS));
        Connection connection = DriverManager.getConnection(jdbcUrl, props);
        connection.setNetworkTimeout(Runnable::run, QUERY_SECONDS * 1000);
        return connection;
    }

    /**
     * The driver's message, or for a server that never answered as PostgreSQL a sentence saying so
     * (the driver's own is "An I/O error occurred while sending to the backend").
     */
    public static String why(SQLException e) {
        for (Throwable t = e; t != null; t = t.getCause()) {
            if (t instanceof SocketTimeoutException || t == e && "08001".equals(e.getSQLState())
                    && String.valueOf(e.getMessage()).contains("timed out")) {
                return "what listens there did not answer as PostgreSQL within " + LOGIN_SECONDS
                        + " s (is it the right port?)";
            }
        }
        return e.getMessage();
    }
}
