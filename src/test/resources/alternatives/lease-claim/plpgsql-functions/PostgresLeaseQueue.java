package katas.leaseclaim;

import dev.lockdrill.katas.api.lease.Claim;
import dev.lockdrill.katas.api.lease.Completion;
import dev.lockdrill.katas.api.lease.LeaseQueue;

import javax.sql.DataSource;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

/**
 * ALTERNATIVE (plpgsql-functions): the queue lives in the database as three PL/pgSQL functions,
 * installed by the constructor (serialized by an advisory lock); Java only calls them. The claim
 * function walks due rows FOR UPDATE SKIP LOCKED in a loop and leases each with
 * clock_timestamp(), so each row's lease starts when it is taken, not when the call began.
 */
public final class PostgresLeaseQueue implements LeaseQueue {
    private static final String INSTALL = """
            CREATE OR REPLACE FUNCTION lq_claim(p_worker text, p_max int, p_lease_ms bigint)
            RETURNS TABLE (claimed_id bigint, claimed_token bigint) LANGUAGE plpgsql AS $$
            DECLARE
              r record;
            BEGIN
              FOR r IN SELECT n.id FROM notifications n
                       WHERE n.state = 'pending' AND n.next_attempt_at <= clock_timestamp()
                       ORDER BY n.next_attempt_at, n.id LIMIT p_max FOR UPDATE SKIP LOCKED LOOP
                UPDATE notifications n
                   SET next_attempt_at = clock_timestamp() + p_lease_ms * interval '1 millisecond',
                       attempts = n.attempts + 1, lease_token = nextval('lease_token_seq'), claimed_by = p_worker
                 WHERE n.id = r.id
                RETURNING n.id, n.lease_token INTO claimed_id, claimed_token;
                RETURN NEXT;
              END LOOP;
            END $$;
            CREATE OR REPLACE FUNCTION lq_finish(p_id bigint, p_token bigint, p_state text)
            RETURNS boolean LANGUAGE plpgsql AS $$
            BEGIN
              UPDATE notifications SET state = p_state
               WHERE id = p_id AND lease_token = p_token AND state = 'pending';
              RETURN FOUND;
            END $$;
            CREATE OR REPLACE FUNCTION lq_extend(p_id bigint, p_token bigint, p_lease_ms bigint)
            RETURNS boolean LANGUAGE plpgsql AS $$
            BEGIN
              UPDATE notifications SET next_attempt_at = clock_timestamp() + p_lease_ms * interval '1 millisecond'
               WHERE id = p_id AND lease_token = p_token AND state = 'pending';
              RETURN FOUND;
            END $$;
            """;

    private final DataSource dataSource;
    private final long leaseMillis;

    public PostgresLeaseQueue(DataSource dataSource, Clock clock, Duration lease) throws SQLException {
        this.dataSource = dataSource;
        this.leaseMillis = lease.toMillis();
        try (Connection c = dataSource.getConnection(); Statement st = c.createStatement()) {
            c.setAutoCommit(false);
            try {
                st.execute("SELECT pg_advisory_xact_lock(727001)");
                st.execute(INSTALL);
                c.commit();
            } finally {
                c.setAutoCommit(true);
            }
        }
    }

    @Override
    public List<Claim> claim(String worker, int max) throws SQLException {
        try (Connection c = dataSource.getConnection();
             PreparedStatement ps = c.prepareStatement("SELECT claimed_id, claimed_token FROM lq_claim(?, ?, ?)")) {
            ps.setString(1, worker);
            ps.setInt(2, max);
            ps.setLong(3, leaseMillis);
            List<Claim> claims = new ArrayList<>();
            try (ResultSet rs = ps.executeQuery()) {
                while (rs.next()) {
                    claims.add(new Claim(rs.getLong(1), rs.getLong(2)));
                }
            }
            return claims;
        }
    }

    @Override
    public boolean complete(Claim claim, Completion outcome) throws SQLException {
        try (Connection c = dataSource.getConnection(); PreparedStatement ps = c.prepareStatement("SELECT lq_finish(?, ?, ?)")) {
            ps.setLong(1, claim.id());
            ps.setLong(2, claim.leaseToken());
            ps.setString(3, outcome.state());
            return answer(ps);
        }
    }

    @Override
    public boolean extend(Claim claim) throws SQLException {
        try (Connection c = dataSource.getConnection(); PreparedStatement ps = c.prepareStatement("SELECT lq_extend(?, ?, ?)")) {
            ps.setLong(1, claim.id());
            ps.setLong(2, claim.leaseToken());
            ps.setLong(3, leaseMillis);
            return answer(ps);
        }
    }

    private static boolean answer(PreparedStatement ps) throws SQLException {
        try (ResultSet rs = ps.executeQuery()) {
            return rs.next() && rs.getBoolean(1);
        }
    }
}
