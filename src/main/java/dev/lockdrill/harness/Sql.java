package dev.lockdrill.harness;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.ResultSetMetaData;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** Small JDBC helpers for the harness's own statements (setup and ground truth). */
public final class Sql {
    private Sql() {
    }

    /** A statement's first line, cut to 60 characters: how a fault names the round trip it hit. */
    public static String firstLine(String sql) {
        String text = sql.strip();
        int end = text.indexOf('\n');
        String line = end < 0 ? text : text.substring(0, end);
        return line.length() > 60 ? line.substring(0, 60) + "…" : line;
    }

    public static void exec(Connection c, String sql) throws SQLException {
        try (Statement s = c.createStatement()) {
            s.execute(sql);
        }
    }

    /** Runs a query and returns its rows as column-name maps (column labels as written in the SQL). */
    public static List<Map<String, Object>> rows(Connection c, String sql, Object... params) throws SQLException {
        try (PreparedStatement ps = c.prepareStatement(sql)) {
            for (int i = 0; i < params.length; i++) {
                ps.setObject(i + 1, params[i]);
            }
            try (ResultSet rs = ps.executeQuery()) {
                ResultSetMetaData meta = rs.getMetaData();
                List<Map<String, Object>> rows = new ArrayList<>();
                while (rs.next()) {
                    Map<String, Object> row = new LinkedHashMap<>();
                    for (int col = 1; col <= meta.getColumnCount(); col++) {
                        row.put(meta.getColumnLabel(col), plain(rs.getObject(col)));
                    }
                    rows.add(row);
                }
                return rows;
            }
        }
    }

    private static Object plain(Object value) {
        if (value instanceof java.sql.Timestamp ts) {
            return ts.toInstant().toString();
        }
        if (value instanceof java.time.OffsetDateTime odt) {
            return odt.toInstant().toString();
        }
        return value;
    }
}
