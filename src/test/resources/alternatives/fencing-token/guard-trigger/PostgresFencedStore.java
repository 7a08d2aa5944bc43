package katas.fencingtoken;

import dev.lockdrill.katas.api.fencing.FencedStore;
import dev.lockdrill.katas.api.fencing.FencedValue;

import javax.sql.DataSource;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.Optional;

/**
 * Alternative: the fence lives in the table. A BEFORE UPDATE trigger, installed once (under an
 * advisory lock), keeps the old row whenever the new token is lower; the write itself is an
 * unconditional upsert, and RETURNING says whether the row was written. The trigger runs under
 * the row's lock, so the comparison and the write are one step.
 */
public final class PostgresFencedStore implements FencedStore {
    private static final String WRITE = """
            INSERT INTO fenced_resource(key, value, token) VALUES (?, ?, ?)
            ON CONFLICT (key) DO UPDATE SET value = EXCLUDED.value, token = EXCLUDED.token
            RETURNING token""";
    private static final String GUARD = """
            CREATE FUNCTION fence_guard() RETURNS trigger LANGUAGE plpgsql AS $fn$
            BEGIN
              IF NEW.token < OLD.token THEN
                RETURN NULL;
              END IF;
              RETURN NEW;
            END
            $fn$;
            CREATE TRIGGER fence_guard BEFORE UPDATE ON fenced_resource
              FOR EACH ROW EXECUTE FUNCTION fence_guard()""";

    private final DataSource dataSource;

    public PostgresFencedStore(DataSource dataSource) {
        this.dataSource = dataSource;
        install("fence_guard", "SELECT 1 FROM pg_trigger t JOIN pg_class r ON r.oid = t.tgrelid"
                + " WHERE t.tgname = 'fence_guard' AND r.relnamespace = current_schema()::regnamespace", GUARD);
    }

    private void install(String name, String catalogQuery, String ddl) {
        try (Connection c = dataSource.getConnection(); Statement st = c.createStatement()) {
            c.setAutoCommit(false);
            try {
                st.execute("SELECT pg_advisory_xact_lock(hashtext('" + name + "'))");
                boolean present;
                try (ResultSet rs = st.executeQuery(catalogQuery)) {
                    present = rs.next();
                }
                if (!present) {
                    st.execute(ddl);
                }
                c.commit();
            } catch (SQLException e) {
                c.rollback();
                throw e;
            } finally {
                c.setAutoCommit(true);
            }
        } catch (SQLException e) {
            throw new IllegalStateException("could not install " + name + ": " + e.getMessage(), e);
        }
    }


    @Override
    public boolean write(String key, long token, String value) throws SQLException {
        try (Connection c = dataSource.getConnection(); PreparedStatement ps = c.prepareStatement(WRITE)) {
            ps.setString(1, key);
            ps.setString(2, value);
            ps.setLong(3, token);
            try (ResultSet rs = ps.executeQuery()) {
                return rs.next();
            }
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
