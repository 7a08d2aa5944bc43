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

/**
 * A token from a PostgreSQL sequence drawn after the majority, with the validity counted to the
 * return (so a long pause before the draw makes it give up). The draw still orders draws, not
 * grants: when the nodes' lock breaks (a restart) while this holder is between its majority and its
 * draw, it draws after the newer holder and overrides it.
 */
public class FiveNodeRedlock implements Redlock {
    private static final String UNLOCK = "if redis.call('get', KEYS[1]) == ARGV[1] then "
            + "return redis.call('del', KEYS[1]) else return 0 end";
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
            if (locked >= quorum) {
                long token = fence();
                long elapsed = (System.nanoTime() - start) / 1_000_000;
                long drift = (long) (ttlMillis * DRIFT_FACTOR) + DRIFT_CONSTANT_MILLIS;
                long validity = ttlMillis - elapsed - drift;
                if (validity > 0) {
                    return Optional.of(new Lease(key, value, validity, token));
                }
            }
            unlockAll(key, value);
            sleep(1 + random.nextInt(MAX_RETRY_DELAY_MILLIS));
        }
        return Optional.empty();
    }

    @Override
    public void release(Lease lease) {
        unlockAll(lease.resource(), lease.value());
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
                jedis.eval(UNLOCK, List.of(key), List.of(value));
            } catch (RuntimeException e) {
                // an unreachable node: its copy expires with the TTL
            }
        }
    }

    /** The fencing token: a PostgreSQL sequence only ever goes up, so a newer holder always has a larger one. */
    private long fence() {
        try (Connection c = resource.getConnection();
             PreparedStatement next = c.prepareStatement("SELECT nextval('redlock_fence')");
             ResultSet rs = next.executeQuery()) {
            rs.next();
            return rs.getLong(1);
        } catch (SQLException e) {
            throw new IllegalStateException("could not take a fencing token: " + e.getMessage(), e);
        }
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
