package katas.redlock;

import dev.lockdrill.katas.api.redlock.Lease;
import dev.lockdrill.katas.api.redlock.RedisNode;
import dev.lockdrill.katas.api.redlock.Redlock;
import redis.clients.jedis.JedisPool;

import javax.sql.DataSource;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.time.Duration;
import java.util.List;
import java.util.Optional;

/**
 * Redlock over five independent Redis masters (see README.md). Jedis is on the classpath:
 * {@code new JedisPool(host, port)} or {@code new JedisPool(config, host, port, timeoutMillis)}.
 */
public class FiveNodeRedlock implements Redlock {
    private final List<JedisPool> nodes;
    private final DataSource resource;

    public FiveNodeRedlock(List<RedisNode> nodes, DataSource resource) {
        this.nodes = nodes.stream().map(node -> new JedisPool(node.host(), node.port())).toList();
        this.resource = resource;
    }

    @Override
    public Optional<Lease> acquire(String key, Duration ttl) {
        // TODO: one random value; SET key value NX PX ttl on every node (per-node timeout much smaller than
        //  the TTL); held only with a majority and elapsed < TTL; validity = TTL - elapsed - drift;
        //  on failure unlock every node and retry after a random delay.
        return Optional.empty();
    }

    @Override
    public void release(Lease lease) {
        // TODO: on every node, delete the key only if it still holds this lease's value (a Lua script).
    }

    @Override
    public boolean write(Lease lease, String key, String value) {
        // Part one: an unfenced write. TODO (part two): a token that comes with a grant PostgreSQL orders
        //  (resource_lease, taken in acquire after the majority), checked here by the resource.
        try (Connection c = resource.getConnection();
             PreparedStatement write = c.prepareStatement("""
                     INSERT INTO protected_resource(key, value) VALUES (?, ?)
                     ON CONFLICT (key) DO UPDATE SET value = EXCLUDED.value""")) {
            write.setString(1, key);
            write.setString(2, value);
            return write.executeUpdate() == 1;
        } catch (SQLException e) {
            throw new IllegalStateException(e);
        }
    }
}
