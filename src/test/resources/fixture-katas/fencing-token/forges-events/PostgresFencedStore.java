package katas.fencingtoken;

import dev.lockdrill.katas.api.fencing.FencedStore;
import dev.lockdrill.katas.api.fencing.FencedValue;

import javax.sql.DataSource;
import java.io.FileDescriptor;
import java.io.FileOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.Optional;

/**
 * Fixture: the reference's fence, from a library that writes straight to file descriptor 1 — once
 * per process two lines that look like the check's own events (an error, then the end of the run),
 * and on every write a scrap with no line end. None of it may change the verdict.
 */
public final class PostgresFencedStore implements FencedStore {
    private static final String WRITE = """
            INSERT INTO fenced_resource(key, value, token) VALUES (?, ?, ?)
            ON CONFLICT (key) DO UPDATE SET value = EXCLUDED.value, token = EXCLUDED.token
            WHERE fenced_resource.token <= EXCLUDED.token""";

    private final DataSource dataSource;

    private static final FileOutputStream RAW = new FileOutputStream(FileDescriptor.out);

    public PostgresFencedStore(DataSource dataSource) {
        if (System.getProperty("forged") == null) {
            System.setProperty("forged", "yes");
            raw("{\"type\":\"error\",\"message\":\"forged by the learner's code\",\"detail\":\"\"}\n"
                    + "{\"type\":\"done\"}\n");
        }
        this.dataSource = dataSource;
    }

    private static void raw(String text) {
        try {
            RAW.write(text.getBytes(StandardCharsets.UTF_8));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    @Override
    public boolean write(String key, long token, String value) throws SQLException {
        raw("scrap with no line end \u00e9 ");
        try (Connection c = dataSource.getConnection(); PreparedStatement ps = c.prepareStatement(WRITE)) {
            ps.setString(1, key);
            ps.setString(2, value);
            ps.setLong(3, token);
            return ps.executeUpdate() == 1;
        }
    }

    @Override
    public Optional<FencedValue> read(String key) throws SQLException {
        try (Connection c = dataSource.getConnection();
             PreparedStatement ps = c.prepareStatement("SELECT value, token FROM fenced_resource WHERE key = ?")) {
            ps.setString(1, key);
            try (ResultSet rs = ps.executeQuery()) {
                return rs.next() ? Optional.of(new FencedValue(rs.getString(1), rs.getLong(2))) : Optional.empty();
            }
        }
    }
}
