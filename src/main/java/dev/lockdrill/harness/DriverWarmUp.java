package dev.lockdrill.harness;

import java.io.ByteArrayOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.Locale;
import java.util.Properties;

/**
 * Takes the PostgreSQL driver through a connection, a prepared query and a plain statement before a
 * check process knows its database, against a stand-in server on a loopback port of its own that
 * speaks just enough of the wire protocol (version 3) to answer them. A process's first connection
 * cost about 150 ms more than its second (class loading, linking the driver's lambdas and its
 * static set-up), and every check process's lanes waited for it; a check process started ahead
 * pays it while the learner still reads. The real server is never contacted here: the process's
 * database and role are made for its check, after this.
 */
final class DriverWarmUp {
    private static final int TIMEOUT_MILLIS = 5_000;

    private DriverWarmUp() {
    }

    /** Connects once to a stand-in server and runs what a check runs first; false if any of it failed. */
    static boolean run() {
        try (ServerSocket server = new ServerSocket()) {
            server.bind(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0));
            server.setSoTimeout(TIMEOUT_MILLIS);
            Thread serving = new Thread(() -> serve(server), "lockdrill-driver-warm-up");
            serving.setDaemon(true);
            serving.start();
            Properties props = new Properties();
            props.setProperty("user", "warm-up");
            props.setProperty("ApplicationName", "lockdrill-warm-up");
            props.setProperty("currentSchema", "warm_up");
            props.setProperty("connectTimeout", "5");
            props.setProperty("socketTimeout", "5");
            props.setProperty("options", "-c synchronous_commit=off");
            try (Connection c = DriverManager.getConnection("jdbc:postgresql://" + InetAddress.getLoopbackAddress()
                    .getHostAddress() + ":" + server.getLocalPort() + "/warm_up", props)) {
                try (PreparedStatement ps = c.prepareStatement("SELECT ?")) {
                    ps.setLong(1, 1L);
                    try (ResultSet rs = ps.executeQuery()) {
                        while (rs.next()) {
                            rs.getLong(1);
                            rs.getString(1);
                        }
                    }
                }
                try (Statement st = c.createStatement()) {
                    st.execute("SET lock_timeout = 0");
                }
            }
            serving.join(TIMEOUT_MILLIS);
            return true;
        } catch (IOException | SQLException | RuntimeException e) {
            return false;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return false;
        }
    }

    /** Answers one client: trusts it, then answers every SELECT with one row holding 1 and anything else with no rows. */
    private static void serve(ServerSocket server) {
        try (Socket socket = server.accept()) {
            socket.setSoTimeout(TIMEOUT_MILLIS);
            DataInputStream in = new DataInputStream(socket.getInputStream());
            DataOutputStream out = new DataOutputStream(socket.getOutputStream());
            int length = in.readInt();
            int version = in.readInt();
            if (version == 80877103) { // an SSL request: not here
                out.writeByte('N');
                out.flush();
                length = in.readInt();
                in.readInt();
            }
            in.skipNBytes(length - 8L);
            message(out, 'R', body -> body.writeInt(0));
            for (String[] parameter : new String[][]{{"server_version", "15.0"}, {"server_encoding", "UTF8"},
                    {"client_encoding", "UTF8"}, {"DateStyle", "ISO, MDY"}, {"integer_datetimes", "on"},
                    {"standard_conforming_strings", "on"}, {"TimeZone", "UTC"}, {"is_superuser", "off"},
                    {"application_name", "lockdrill-warm-up"}}) {
                message(out, 'S', body -> {
                    cstring(body, parameter[0]);
                    cstring(body, parameter[1]);
                });
            }
            message(out, 'K', body -> {
                body.writeInt(1);
                body.writeInt(1);
            });
            ready(out);
            boolean rows = false;
            while (true) {
                int type = in.read();
                if (type < 0 || type == 'X') {
                    return;
                }
                byte[] body = in.readNBytes(in.readInt() - 4);
                switch (type) {
                    case 'P' -> {
                        rows = isSelect(body, skipCString(body, 0));
                        message(out, '1', b -> { });
                    }
                    case 'B' -> message(out, '2', b -> { });
                    case 'D' -> {
                        if (body[0] == 'S') {
                            message(out, 't', b -> {
                                b.writeShort(1);
                                b.writeInt(20);
                            });
                        }
                        describe(out, rows);
                    }
                    case 'E' -> complete(out, rows);
                    case 'S' -> ready(out);
                    case 'Q' -> {
                        boolean select = isSelect(body, 0);
                        if (select) { // a simple query's answer: no NoData for a command without rows
                            describe(out, true);
                        }
                        complete(out, select);
                        ready(out);
                    }
                    default -> { } // Close, Flush: nothing to answer
                }
            }
        } catch (IOException e) {
            // the client saw the server go: its warm-up failed, and nothing depends on it
        }
    }

    private interface Body {
        void write(DataOutputStream body) throws IOException;
    }

    private static void message(DataOutputStream out, char type, Body body) throws IOException {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        body.write(new DataOutputStream(bytes));
        out.writeByte(type);
        out.writeInt(bytes.size() + 4);
        bytes.writeTo(out);
    }

    private static void ready(DataOutputStream out) throws IOException {
        message(out, 'Z', body -> body.writeByte('I'));
        out.flush();
    }

    private static void describe(DataOutputStream out, boolean rows) throws IOException {
        if (!rows) {
            message(out, 'n', body -> { });
            return;
        }
        message(out, 'T', body -> {
            body.writeShort(1);
            cstring(body, "?column?");
            body.writeInt(0);
            body.writeShort(0);
            body.writeInt(20); // int8
            body.writeShort(8);
            body.writeInt(-1);
            body.writeShort(0);
        });
    }

    private static void complete(DataOutputStream out, boolean rows) throws IOException {
        if (rows) {
            message(out, 'D', body -> {
                body.writeShort(1);
                byte[] one = "1".getBytes(StandardCharsets.US_ASCII);
                body.writeInt(one.length);
                body.write(one);
            });
        }
        message(out, 'C', body -> cstring(body, rows ? "SELECT 1" : "SET"));
    }

    private static boolean isSelect(byte[] body, int from) {
        int end = from;
        while (end < body.length && body[end] != 0) {
            end++;
        }
        return new String(body, from, end - from, StandardCharsets.UTF_8).strip().toUpperCase(Locale.ROOT)
                .startsWith("SELECT");
    }

    private static int skipCString(byte[] body, int from) {
        int at = from;
        while (at < body.length && body[at] != 0) {
            at++;
        }
        return at + 1;
    }

    private static void cstring(DataOutputStream out, String value) throws IOException {
        out.write(value.getBytes(StandardCharsets.UTF_8));
        out.writeByte(0);
    }
}
