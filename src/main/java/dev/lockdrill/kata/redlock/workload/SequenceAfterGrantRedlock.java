package dev.lockdrill.kata.redlock.workload;

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
 * The lab's "Redlock + a sequence drawn after the grant": Redlock by the spec, then a token from a
 * PostgreSQL sequence drawn once the majority is won, its validity counted before the draw. It is
 * the fence this kata used to teach, kept here (the harness's own code, not a learner's) to show
 * that it orders the draws, not the grants: a holder paused between its majority and its draw gets
 * a larger token than the client that took the lock after its keys expired.
 */
final class SequenceAfterGrantRedlock implements Redlock {
    private static final String UNLOCK = "if redis.call('get', KEYS[1]) == ARGV[1] then "
            + "return redis.call('del', KEYS[1]) else return 0 end";
    private final List<JedisPool> nodes;
    private final DataSource resource;
    private final SecureRandom random = new SecureRandom();

    SequenceAfterGrantRedlock(List<RedisNode> nodes, DataSource resource) {
        JedisPoolConfig config = new JedisPoolConfig();
        config.setMaxTotal(2);
        config.setJmxEnabled(false);
        this.nodes = nodes.stream().map(n -> new JedisPool(config, n.host(), n.port(), 100)).toList();
        this.resource = resource;
    }

    @Override
    public Optional<Lease> acquire(String key, Duration ttl) {
        long ttlMillis = ttl.toMillis();
        byte[] bytes = new byte[16];
        random.nextBytes(bytes);
        String value = HexFormat.of().formatHex(bytes);
        long start = System.nanoTime();
        int locked = 0;
        for (JedisPool node : nodes) {
            try (Jedis jedis = node.getResource()) {
                if ("OK".equals(jedis.set(key, value, SetParams.setParams().nx().px(ttlMillis)))) {
                    locked++;
                }
            } catch (RuntimeException e) {
                // a node that does not answer does not grant
            }
        }
        long validity = ttlMillis - (System.nanoTime() - start) / 1_000_000 - ttlMillis / 100 - 2;
        if (locked > nodes.size() / 2 && validity > 0) {
            return Optional.of(new Lease(key, value, validity, drawAfterTheGrant()));
        }
        release(new Lease(key, value, 0));
        return Optional.empty();
    }

    @Override
    public void release(Lease lease) {
        for (JedisPool node : nodes) {
            try (Jedis jedis = node.getResource()) {
                jedis.eval(UNLOCK, List.of(lease.resource()), List.of(lease.value()));
            } catch (RuntimeException e) {
                // its copy expires with the TTL
            }
        }
    }

    @Override
    public boolean write(Lease lease, String key, String value) {
        throw new UnsupportedOperationException("the lab makes the writes itself");
    }

    private long drawAfterTheGrant() {
        try (Connection c = resource.getConnection();
             PreparedStatement next = c.prepareStatement("SELECT nextval('redlock_fence')");
             ResultSet rs = next.executeQuery()) {
            rs.next();
            return rs.getLong(1);
        } catch (SQLException e) {
            throw new IllegalStateException("could not draw a token: " + e.getMessage(), e);
        }
    }
}
