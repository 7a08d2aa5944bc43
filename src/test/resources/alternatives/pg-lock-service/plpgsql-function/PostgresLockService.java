package katas.pglockservice;

import dev.lockdrill.katas.api.lockservice.Lease;
import dev.lockdrill.katas.api.lockservice.LockService;

import javax.sql.DataSource;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Clock;
import java.time.Duration;
import java.util.Optional;

/**
 * Alternative: the acquire decision lives in a PL/pgSQL function, installed once (under an
 * advisory lock, so concurrent constructors do not race). The function makes sure the row exists,
 * locks it with SELECT ... FOR UPDATE, and only then decides and draws the token. Release expires
 * the lease instead of deleting the row.
 */
public final class PostgresLockService implements LockService {
    private static final String INSTALL = """
            CREATE FUNCTION lock_try_acquire(p_name text, p_holder text, p_ttl_ms bigint) RETURNS bigint
            LANGUAGE plpgsql AS $fn$
            DECLARE
              v_until timestamptz;
              v_token bigint;
            BEGIN
              SELECT lease_until INTO v_until FROM locks WHERE name = p_name FOR UPDATE;
              IF NOT FOUND THEN
                INSERT INTO locks(name, holder, token, lease_until) VALUES (p_name, '', 0, '-infinity')
                  ON CONFLICT (name) DO NOTHING;
                SELECT lease_until INTO v_until FROM locks WHERE name = p_name FOR UPDATE;
              END IF;
              IF v_until > clock_timestamp() THEN
                RETURN NULL;
              END IF;
              UPDATE locks SET holder = p_holder, token = nextval('lock_fence'),
                     lease_until = clock_timestamp() + p_ttl_ms * interval '1 millisecond'
               WHERE name = p_name
              RETURNING token INTO v_token;
              RETURN v_token;
            END
            $fn$""";

    private final DataSource dataSource;
    private final String holder;

    public PostgresLockService(DataSource dataSource, String holder, Clock clock) {
        this.dataSource = dataSource;
        this.holder = holder;
        try {
            install();
        } catch (SQLException e) {
            throw new IllegalStateException("could not install lock_try_acquire: " + e.getMessage(), e);
        }
    }

    private void install() throws SQLException {
        try (Connection c = dataSource.getConnection(); Statement st = c.createStatement()) {
            c.setAutoCommit(false);
            try {
                st.execute("SELECT pg_advisory_xact_lock(hashtext('lock_try_acquire'))");
                boolean present;
                try (ResultSet rs = st.executeQuery("SELECT 1 FROM pg_proc WHERE proname = 'lock_try_acquire'"
                        + " AND pronamespace = current_schema()::regnamespace")) {
                    present = rs.next();
                }
                if (!present) {
                    st.execute(INSTALL);
                }
                c.commit();
            } catch (SQLException e) {
                c.rollback();
                throw e;
            } finally {
                c.setAutoCommit(true);
            }
        }
    }

    @Override
    public Optional<Lease> tryAcquire(String name, Duration ttl) throws SQLException {
        try (Connection c = dataSource.getConnection();
             PreparedStatement ps = c.prepareStatement("SELECT lock_try_acquire(?, ?, ?)")) {
            ps.setString(1, name);
            ps.setString(2, holder);
            ps.setLong(3, ttl.toMillis());
            try (ResultSet rs = ps.executeQuery()) {
                rs.next();
                long token = rs.getLong(1);
                return rs.wasNull() ? Optional.empty() : Optional.of(new Lease(name, token, holder));
            }
        }
    }

    @Override
    public boolean renew(Lease lease, Duration ttl) throws SQLException {
        try (Connection c = dataSource.getConnection(); PreparedStatement ps = c.prepareStatement("""
                UPDATE locks SET lease_until = clock_timestamp() + ? * interval '1 millisecond'
                WHERE name = ? AND token = ? AND lease_until > clock_timestamp()""")) {
            ps.setLong(1, ttl.toMillis());
            ps.setString(2, lease.name());
            ps.setLong(3, lease.token());
            return ps.executeUpdate() == 1;
        }
    }

    @Override
    public boolean release(Lease lease) throws SQLException {
        try (Connection c = dataSource.getConnection(); PreparedStatement ps = c.prepareStatement(
                "UPDATE locks SET lease_until = '-infinity' WHERE name = ? AND token = ? "
                        + "AND lease_until > clock_timestamp()")) {
            ps.setString(1, lease.name());
            ps.setLong(2, lease.token());
            return ps.executeUpdate() == 1;
        }
    }
}
