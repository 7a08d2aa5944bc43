package katas.redlock;

import dev.lockdrill.katas.api.redlock.Lease;
import dev.lockdrill.katas.api.redlock.RedisNode;
import dev.lockdrill.katas.api.redlock.Redlock;
import redis.clients.jedis.Jedis;
import redis.clients.jedis.JedisPool;
import redis.clients.jedis.JedisPoolConfig;
import redis.clients.jedis.params.SetParams;

import javax.sql.DataSource;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeUnit;

/**
 * Redlock with the five SETs sent at once (one thread per node), a deadline on the whole fan-out,
 * validity measured with the wall clock and counted to the return. The grant that fences is one
 * transaction on the resource's database: the lease row locked with SELECT … FOR UPDATE, granted
 * only when it has expired, its token drawn while the row is locked; the write's own transaction
 * keeps the highest token it has seen.
 */
public class FiveNodeRedlock implements Redlock {
    private static final String UNLOCK = "if redis.call('get', KEYS[1]) == ARGV[1] then "
            + "return redis.call('del', KEYS[1]) else return 0 end";
    private final List<JedisPool> pools = new ArrayList<>();
    private final ExecutorService fanOut;
    private final DataSource resource;

    public FiveNodeRedlock(List<RedisNode> nodes, DataSource resource) {
        JedisPoolConfig config = new JedisPoolConfig();
        config.setJmxEnabled(false);
        for (RedisNode node : nodes) {
            pools.add(new JedisPool(config, node.host(), node.port(), 100));
        }
        this.fanOut = Executors.newFixedThreadPool(nodes.size(), r -> {
            Thread t = new Thread(r, "redlock-fan-out");
            t.setDaemon(true);
            return t;
        });
        this.resource = resource;
    }

    @Override
    public Optional<Lease> acquire(String key, Duration ttl) {
        for (int attempt = 0; attempt < 2; attempt++) {
            String value = UUID.randomUUID().toString();
            long started = System.currentTimeMillis();
            List<CompletableFuture<Boolean>> replies = new ArrayList<>();
            for (JedisPool pool : pools) {
                replies.add(CompletableFuture.supplyAsync(() -> setOne(pool, key, value, ttl.toMillis()), fanOut));
            }
            long granted = 0;
            for (CompletableFuture<Boolean> reply : replies) {
                try {
                    if (reply.get(250, TimeUnit.MILLISECONDS)) {
                        granted++;
                    }
                } catch (Exception e) {
                    // this node did not grant in time
                }
            }
            long drift = ttl.toMillis() / 100 + 3;
            long left = ttl.toMillis() - (System.currentTimeMillis() - started) - drift;
            if (granted >= pools.size() / 2 + 1 && left > 0) {
                long token = grant(key, value, left);
                long validity = ttl.toMillis() - (System.currentTimeMillis() - started) - drift;
                if (token > 0 && validity > 0) {
                    return Optional.of(new Lease(key, value, validity, token));
                }
                if (token > 0) {
                    endGrant(key, token);
                }
            }
            unlockEverywhere(key, value);
            try {
                Thread.sleep(ThreadLocalRandom.current().nextInt(5, 40));
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                break;
            }
        }
        return Optional.empty();
    }

    @Override
    public void release(Lease lease) {
        unlockEverywhere(lease.resource(), lease.value());
        endGrant(lease.resource(), lease.token());
    }

    @Override
    public boolean write(Lease lease, String key, String value) {
        try (Connection c = resource.getConnection()) {
            c.setAutoCommit(false);
            try (PreparedStatement seed = c.prepareStatement(
                    "INSERT INTO protected_resource(key, value, token) VALUES (?, '', 0) ON CONFLICT DO NOTHING");
                 PreparedStatement read = c.prepareStatement(
                         "SELECT token FROM protected_resource WHERE key = ? FOR UPDATE");
                 PreparedStatement update = c.prepareStatement(
                         "UPDATE protected_resource SET value = ?, token = ?, lock_value = ? WHERE key = ?")) {
                seed.setString(1, key);
                seed.executeUpdate();
                read.setString(1, key);
                long highest;
                try (ResultSet rs = read.executeQuery()) {
                    rs.next();
                    highest = rs.getLong(1);
                }
                if (lease.token() < highest) {
                    c.rollback();
                    return false;
                }
                update.setString(1, value);
                update.setLong(2, lease.token());
                update.setString(3, lease.value());
                update.setString(4, key);
                update.executeUpdate();
                c.commit();
                return true;
            } catch (SQLException e) {
                c.rollback();
                throw e;
            }
        } catch (SQLException e) {
            throw new IllegalStateException(e);
        }
    }

    private static boolean setOne(JedisPool pool, String key, String value, long ttlMillis) {
        try (Jedis jedis = pool.getResource()) {
            return jedis.set(key, value, SetParams.setParams().nx().px(ttlMillis)) != null;
        } catch (RuntimeException e) {
            return false;
        }
    }

    private void unlockEverywhere(String key, String value) {
        List<CompletableFuture<Void>> done = new ArrayList<>();
        for (JedisPool pool : pools) {
            done.add(CompletableFuture.runAsync(() -> {
                try (Jedis jedis = pool.getResource()) {
                    jedis.eval(UNLOCK, List.of(key), List.of(value));
                } catch (RuntimeException e) {
                    // unreachable: the key expires with its TTL
                }
            }, fanOut));
        }
        for (CompletableFuture<Void> f : done) {
            try {
                f.get(200, TimeUnit.MILLISECONDS);
            } catch (Exception e) {
                // gave up on this node
            }
        }
    }

    /** The resource's lease, granted in one transaction under its row lock: its token, or 0 when refused. */
    private long grant(String key, String value, long leaseMillis) {
        try (Connection c = resource.getConnection()) {
            c.setAutoCommit(false);
            try (PreparedStatement seed = c.prepareStatement("INSERT INTO resource_lease(resource, token, holder, "
                    + "expires_at) VALUES (?, 0, '', '-infinity') ON CONFLICT DO NOTHING");
                 PreparedStatement lock = c.prepareStatement(
                         "SELECT expires_at <= clock_timestamp() FROM resource_lease WHERE resource = ? FOR UPDATE");
                 PreparedStatement take = c.prepareStatement("UPDATE resource_lease SET token = nextval('redlock_fence'), "
                         + "holder = ?, expires_at = clock_timestamp() + ? * interval '1 millisecond' "
                         + "WHERE resource = ? RETURNING token")) {
                seed.setString(1, key);
                seed.executeUpdate();
                lock.setString(1, key);
                boolean free;
                try (ResultSet rs = lock.executeQuery()) {
                    free = rs.next() && rs.getBoolean(1);
                }
                if (!free) {
                    c.rollback();
                    return 0;
                }
                take.setString(1, value);
                take.setLong(2, leaseMillis);
                take.setString(3, key);
                long token;
                try (ResultSet rs = take.executeQuery()) {
                    rs.next();
                    token = rs.getLong(1);
                }
                c.commit();
                return token;
            } catch (SQLException e) {
                c.rollback();
                return 0;
            }
        } catch (SQLException e) {
            return 0;
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
