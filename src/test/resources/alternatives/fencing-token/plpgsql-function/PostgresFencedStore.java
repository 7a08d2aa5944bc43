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
 * Alternative: the fence is a PL/pgSQL function, installed once (under an advisory lock, so
 * concurrent constructors do not race). It locks the key's row with SELECT ... FOR UPDATE (or
 * inserts it, retrying once if another writer inserted first), compares in PL/pgSQL and updates.
 */
public final class PostgresFencedStore implements FencedStore {
    private static final String FUNCTION = """
            CREATE FUNCTION fenced_write(p_key text, p_token bigint, p_value text) RETURNS boolean
            LANGUAGE plpgsql AS $fn$
            DECLARE
              v_token bigint;
            BEGIN
              FOR attempt IN 1..2 LOOP
                SELECT token INTO v_token FROM fenced_resource WHERE key = p_key FOR UPDATE;
                IF FOUND THEN
                  IF p_token < v_token THEN
                    RETURN false;
                  END IF;
                  UPDATE fenced_resource SET value = p_value, token = p_token WHERE key = p_key;
                  RETURN true;
                END IF;
                BEGIN
                  INSERT INTO fenced_resource(key, value, token) VALUES (p_key, p_value, p_token);
                  RETURN true;
                EXCEPTION WHEN unique_violation THEN
                  NULL;
                END;
              END LOOP;
              RAISE EXCEPTION 'fenced_write: % kept changing', p_key;
            END
            $fn$""";

    private final DataSource dataSource;

    public PostgresFencedStore(DataSource dataSource) {
        this.dataSource = dataSource;
        install("fenced_write", "SELECT 1 FROM pg_proc WHERE proname = 'fenced_write'"
                + " AND pronamespace = current_schema()::regnamespace", FUNCTION);
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
        try (Connection c = dataSource.getConnection();
             PreparedStatement ps = c.prepareStatement("SELECT fenced_write(?, ?, ?)")) {
            ps.setString(1, key);
            ps.setLong(2, token);
            ps.setString(3, value);
            try (ResultSet rs = ps.executeQuery()) {
                rs.next();
                return rs.getBoolean(1);
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
