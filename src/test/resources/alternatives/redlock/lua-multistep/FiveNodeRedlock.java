package katas.redlock;

import dev.lockdrill.katas.api.redlock.Lease;
import dev.lockdrill.katas.api.redlock.RedisNode;
import dev.lockdrill.katas.api.redlock.Redlock;
import redis.clients.jedis.Jedis;

import javax.sql.DataSource;
import java.security.SecureRandom;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.Optional;

/**
 * Redlock where each node's step is one Lua script (lock: SET NX PX and report; unlock: compare and
 * delete), over one plain connection per node that is reopened after any failure. The grant that
 * fences is taken from PostgreSQL after the majority: an UPDATE of an expired lease row (re-checked
 * under its row lock), or the first INSERT of it, each drawing the token in the same statement.
 */
public class FiveNodeRedlock implements Redlock {
    private static final String LOCK = "if redis.call('set', KEYS[1], ARGV[1], 'NX', 'PX', ARGV[2]) then "
            + "return 1 else return 0 end";
    private static final String UNLOCK = "if redis.call('get', KEYS[1]) == ARGV[1] then "
            + "return redis.call('del', KEYS[1]) else return 0 end";
    private static final int TIMEOUT_MILLIS = 100;

    private final List<RedisNode> nodes;
    private final Jedis[] connections;
    private final DataSource resource;
    private final SecureRandom random = new SecureRandom();

    public FiveNodeRedlock(List<RedisNode> nodes, DataSource resource) {
        this.nodes = List.copyOf(nodes);
        this.connections = new Jedis[nodes.size()];
        this.resource = resource;
    }

    @Override
    public Optional<Lease> acquire(String key, Duration ttl) {
        int attempts = 3;
        while (attempts-- > 0) {
            byte[] bytes = new byte[16];
            random.nextBytes(bytes);
            String value = Base64.getUrlEncoder().withoutPadding().encodeToString(bytes);
            long t1 = System.nanoTime();
            List<Integer> won = new ArrayList<>();
            for (int i = 0; i < nodes.size(); i++) {
                Object reply = run(i, LOCK, key, value, String.valueOf(ttl.toMillis()));
                if (Long.valueOf(1).equals(reply)) {
                    won.add(i);
                }
            }
            long drift = Math.round(ttl.toMillis() * 0.01) + 2;
            long left = ttl.toMillis() - Math.round((System.nanoTime() - t1) / 1e6) - drift;
            if (won.size() > nodes.size() / 2 && left > 0) {
                Long token = grant(key, value, left);
                long validity = ttl.toMillis() - Math.round((System.nanoTime() - t1) / 1e6) - drift;
                if (token != null && validity > 0) {
                    return Optional.of(new Lease(key, value, validity, token));
                }
                if (token != null) {
                    endGrant(key, token);
                }
            }
            for (int i = 0; i < nodes.size(); i++) {
                run(i, UNLOCK, key, value);
            }
            try {
                Thread.sleep(10 + random.nextInt(30));
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return Optional.empty();
            }
        }
        return Optional.empty();
    }

    @Override
    public void release(Lease lease) {
        for (int i = 0; i < nodes.size(); i++) {
            run(i, UNLOCK, lease.resource(), lease.value());
        }
        endGrant(lease.resource(), lease.token());
    }

    @Override
    public boolean write(Lease lease, String key, String value) {
        String sql = """
                WITH attempt AS (
                  INSERT INTO protected_resource AS r (key, value, token, lock_value) VALUES (?, ?, ?, ?)
                  ON CONFLICT (key) DO UPDATE SET value = EXCLUDED.value, token = EXCLUDED.token,
                      lock_value = EXCLUDED.lock_value
                    WHERE r.token < EXCLUDED.token OR (r.token = EXCLUDED.token AND r.lock_value = EXCLUDED.lock_value)
                  RETURNING 1)
                SELECT count(*) FROM attempt""";
        try (Connection c = resource.getConnection(); PreparedStatement write = c.prepareStatement(sql)) {
            write.setString(1, key);
            write.setString(2, value);
            write.setLong(3, lease.token());
            write.setString(4, lease.value());
            try (ResultSet rs = write.executeQuery()) {
                rs.next();
                return rs.getLong(1) == 1;
            }
        } catch (SQLException e) {
            throw new IllegalStateException(e);
        }
    }

    private Object run(int node, String script, String key, String... args) {
        try {
            if (connections[node] == null) {
                connections[node] = new Jedis(nodes.get(node).host(), nodes.get(node).port(), TIMEOUT_MILLIS);
            }
            return connections[node].eval(script, List.of(key), List.of(args));
        } catch (RuntimeException e) {
            if (connections[node] != null) {
                connections[node].close();
                connections[node] = null;
            }
            return null;
        }
    }

    /** The token of the grant PostgreSQL gave, or null when the resource's lease is still someone else's. */
    private Long grant(String key, String value, long leaseMillis) {
        try (Connection c = resource.getConnection();
             PreparedStatement renew = c.prepareStatement("UPDATE resource_lease SET token = nextval('redlock_fence'), "
                     + "holder = ?, expires_at = clock_timestamp() + ? * interval '1 millisecond' "
                     + "WHERE resource = ? AND expires_at <= clock_timestamp() RETURNING token");
             PreparedStatement first = c.prepareStatement("INSERT INTO resource_lease(resource, token, holder, expires_at) "
                     + "VALUES (?, nextval('redlock_fence'), ?, clock_timestamp() + ? * interval '1 millisecond') "
                     + "ON CONFLICT DO NOTHING RETURNING token")) {
            renew.setString(1, value);
            renew.setLong(2, leaseMillis);
            renew.setString(3, key);
            try (ResultSet rs = renew.executeQuery()) {
                if (rs.next()) {
                    return rs.getLong(1);
                }
            }
            first.setString(1, key);
            first.setString(2, value);
            first.setLong(3, leaseMillis);
            try (ResultSet rs = first.executeQuery()) {
                return rs.next() ? rs.getLong(1) : null;
            }
        } catch (SQLException e) {
            return null;
        }
    }

    private void endGrant(String key, long token) {
        try (Connection c = resource.getConnection();
             PreparedStatement end = c.prepareStatement("UPDATE resource_lease SET expires_at = clock_timestamp() "
                     + "WHERE resource = ? AND token = ? AND expires_at > clock_timestamp()")) {
            end.setString(1, key);
            end.setLong(2, token);
            end.executeUpdate();
        } catch (SQLException e) {
            // it ends by itself
        }
    }
}
