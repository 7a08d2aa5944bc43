package katas.redlock;

import dev.lockdrill.katas.api.redlock.Lease;
import dev.lockdrill.katas.api.redlock.RedisNode;
import dev.lockdrill.katas.api.redlock.Redlock;
import redis.clients.jedis.Jedis;
import redis.clients.jedis.JedisPool;
import redis.clients.jedis.JedisPoolConfig;
import redis.clients.jedis.params.SetParams;

import javax.sql.DataSource;
import java.security.SecureRandom;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Duration;
import java.util.HexFormat;
import java.util.List;
import java.util.Optional;
import java.util.OptionalLong;

/**
 * The release checks the value with GET and then deletes with DEL, in two commands. Otherwise:
 * Redlock as the spec on redis.io describes it (part one), and in front of it only as an efficiency
 * layer (part two): once the nodes granted a majority, the resource's own PostgreSQL grants the
 * lease and issues its fencing token in one statement, under the lease row's lock, so tokens come
 * out in the order grants take effect. A number drawn from a sequence after the majority would
 * order the draws, not the grants: a holder paused between its majority and its draw would get a
 * larger token than the client that took the lock after its keys expired.
 */
public class FiveNodeRedlock implements Redlock {
    private static final int NODE_TIMEOUT_MILLIS = 100;
    private static final double DRIFT_FACTOR = 0.01;
    private static final long DRIFT_CONSTANT_MILLIS = 2;
    private static final int ATTEMPTS = 3;
    private static final int MAX_RETRY_DELAY_MILLIS = 50;

    private final List<JedisPool> nodes;
    private final DataSource resource;
    private final int quorum;
    private final SecureRandom random = new SecureRandom();

    public FiveNodeRedlock(List<RedisNode> nodes, DataSource resource) {
        JedisPoolConfig config = new JedisPoolConfig();
        config.setMaxTotal(4);
        config.setJmxEnabled(false);
        this.nodes = nodes.stream()
                .map(node -> new JedisPool(config, node.host(), node.port(), NODE_TIMEOUT_MILLIS))
                .toList();
        this.resource = resource;
        this.quorum = nodes.size() / 2 + 1;
    }

    @Override
    public Optional<Lease> acquire(String key, Duration ttl) {
        long ttlMillis = ttl.toMillis();
        for (int attempt = 0; attempt < ATTEMPTS; attempt++) {
            String value = randomValue();
            long start = System.nanoTime();
            int locked = 0;
            for (JedisPool node : nodes) {
                if (lock(node, key, value, ttlMillis)) {
                    locked++;
                }
            }
            long drift = (long) (ttlMillis * DRIFT_FACTOR) + DRIFT_CONSTANT_MILLIS;
            long left = ttlMillis - elapsedMillis(start) - drift;
            if (locked >= quorum && left > 0) {
                OptionalLong token = grant(key, value, left);
                // Validity is what is left when acquire returns: the grant's round trip comes out of it,
                // and a pause before or during it may have outlived the keys.
                long validity = ttlMillis - elapsedMillis(start) - drift;
                if (token.isPresent() && validity > 0) {
                    return Optional.of(new Lease(key, value, validity, token.getAsLong()));
                }
                token.ifPresent(t -> endGrant(key, t));
            }
            unlockAll(key, value);
            sleep(1 + random.nextInt(MAX_RETRY_DELAY_MILLIS));
        }
        return Optional.empty();
    }

    @Override
    public void release(Lease lease) {
        unlockAll(lease.resource(), lease.value());
        endGrant(lease.resource(), lease.token());
    }

    @Override
    public boolean write(Lease lease, String key, String value) {
        try (Connection c = resource.getConnection();
             PreparedStatement write = c.prepareStatement("""
                     INSERT INTO protected_resource(key, value, token, lock_value) VALUES (?, ?, ?, ?)
                     ON CONFLICT (key) DO UPDATE SET value = EXCLUDED.value, token = EXCLUDED.token,
                         lock_value = EXCLUDED.lock_value
                       WHERE protected_resource.token <= EXCLUDED.token""")) {
            write.setString(1, key);
            write.setString(2, value);
            write.setLong(3, lease.token());
            write.setString(4, lease.value());
            return write.executeUpdate() == 1;
        } catch (SQLException e) {
            throw new IllegalStateException("the resource's database failed: " + e.getMessage(), e);
        }
    }

    private boolean lock(JedisPool node, String key, String value, long ttlMillis) {
        try (Jedis jedis = node.getResource()) {
            return "OK".equals(jedis.set(key, value, SetParams.setParams().nx().px(ttlMillis)));
        } catch (RuntimeException e) {
            return false;
        }
    }

    private void unlockAll(String key, String value) {
        for (JedisPool node : nodes) {
            try (Jedis jedis = node.getResource()) {
                // read, compare, then delete: two commands, and the key may change hands in between
                if (value.equals(jedis.get(key))) {
                    jedis.del(key);
                }
            } catch (RuntimeException e) {
                // an unreachable node: its copy expires with the TTL
            }
        }
    }

    /**
     * The grant that fences: PostgreSQL gives the resource's lease only when the last one ended (by
     * the database's clock, or released), and draws the token under that row's lock in the same
     * statement. Empty when another holder's lease is still live (the nodes' lock is broken: a
     * restart, a clock jump) or when the database cannot be reached (no grant, so no lease).
     */
    private OptionalLong grant(String key, String value, long leaseMillis) {
        try (Connection c = resource.getConnection();
             PreparedStatement grant = c.prepareStatement("""
                     INSERT INTO resource_lease AS l (resource, token, holder, expires_at)
                     VALUES (?, nextval('redlock_fence'), ?, clock_timestamp() + ? * interval '1 millisecond')
                     ON CONFLICT (resource) DO UPDATE SET token = nextval('redlock_fence'),
                         holder = EXCLUDED.holder, expires_at = EXCLUDED.expires_at
                       WHERE l.expires_at <= clock_timestamp()
                     RETURNING token""")) {
            grant.setString(1, key);
            grant.setString(2, value);
            grant.setLong(3, leaseMillis);
            try (ResultSet rs = grant.executeQuery()) {
                return rs.next() ? OptionalLong.of(rs.getLong(1)) : OptionalLong.empty();
            }
        } catch (SQLException e) {
            return OptionalLong.empty();
        }
    }

    /** Ends the resource's lease early, only while it is still this token's. */
    private void endGrant(String key, long token) {
        try (Connection c = resource.getConnection();
             PreparedStatement end = c.prepareStatement("""
                     UPDATE resource_lease SET expires_at = clock_timestamp()
                      WHERE resource = ? AND token = ? AND expires_at > clock_timestamp()""")) {
            end.setString(1, key);
            end.setLong(2, token);
            end.executeUpdate();
        } catch (SQLException e) {
            // unreachable: the lease ends by itself when its time is up
        }
    }

    private static long elapsedMillis(long startNanos) {
        return (System.nanoTime() - startNanos) / 1_000_000;
    }

    private String randomValue() {
        byte[] bytes = new byte[20];
        random.nextBytes(bytes);
        return HexFormat.of().formatHex(bytes);
    }

    private static void sleep(long millis) {
        try {
            Thread.sleep(millis);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
