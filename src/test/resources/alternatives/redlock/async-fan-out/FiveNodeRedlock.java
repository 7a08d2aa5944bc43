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
 * validity measured with the wall clock; the fence is taken inside the write's own transaction
 * check: the resource keeps the highest token it has seen.
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
            long validity = ttl.toMillis() - (System.currentTimeMillis() - started) - ttl.toMillis() / 100 - 3;
            if (granted >= pools.size() / 2 + 1 && validity > 0) {
                return Optional.of(new Lease(key, value, validity, nextToken()));
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

    private long nextToken() {
        try (Connection c = resource.getConnection();
             PreparedStatement next = c.prepareStatement("SELECT nextval('redlock_fence')");
             ResultSet rs = next.executeQuery()) {
            rs.next();
            return rs.getLong(1);
        } catch (SQLException e) {
            throw new IllegalStateException(e);
        }
    }
}
