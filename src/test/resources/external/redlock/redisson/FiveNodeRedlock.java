package katas.redlock;

import dev.lockdrill.katas.api.redlock.Lease;
import dev.lockdrill.katas.api.redlock.RedisNode;
import dev.lockdrill.katas.api.redlock.Redlock;
import org.redisson.Redisson;
import org.redisson.RedissonRedLock;
import org.redisson.api.RLock;
import org.redisson.api.RedissonClient;
import org.redisson.config.Config;

import javax.sql.DataSource;
import java.lang.reflect.Field;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;

/**
 * Redisson's RedissonRedLock (one RedissonClient per node) adapted to the kata's interface.
 *
 * <p>Two adaptations, both because Redisson names a lock holder "clientId:threadId" on each node
 * instead of one random value per acquisition: (1) the five clients share one id, as the five
 * connections of one process would (Redisson gives every client its own UUID, so a RedLock's
 * holder has a different name on each node); (2) each acquisition runs on its own thread, and its
 * release on that same thread, so every acquisition gets a name of its own (Redisson's lock is
 * reentrant per thread: the same thread acquiring twice reuses its name). Validity is computed
 * here (TTL − elapsed − 1 % − 2 ms, counted to the return): Redisson does not report it. The fence
 * (part two) is a grant from the resource's PostgreSQL, taken after the RedLock under a
 * transaction-scoped advisory lock on the resource's name, its token drawn under that lock:
 * RedissonRedLock has no fencing token. Each client is warmed up (one command)
 * when constructed, and tryLock may wait a quarter of the TTL: Redisson's first lock script in a
 * fresh class loader is slow to start, and RedissonRedLock gives up once its wait time is spent.
 */
public class FiveNodeRedlock implements Redlock {
    private final List<RedissonClient> clients = new ArrayList<>();
    private final String id = UUID.randomUUID().toString();
    private final Map<String, ExecutorService> holders = new ConcurrentHashMap<>();
    private final DataSource resource;

    public FiveNodeRedlock(List<RedisNode> nodes, DataSource resource) {
        for (RedisNode node : nodes) {
            Config config = new Config();
            config.setThreads(1);
            config.setNettyThreads(2);
            config.useSingleServer().setAddress("redis://" + node.host() + ":" + node.port())
                    .setTimeout(200).setConnectTimeout(1000).setRetryAttempts(0)
                    .setConnectionMinimumIdleSize(1).setConnectionPoolSize(2)
                    .setSubscriptionConnectionMinimumIdleSize(1).setSubscriptionConnectionPoolSize(1)
                    .setPingConnectionInterval(0);
            RedissonClient client = Redisson.create(config);
            shareId(client);
            client.getLock("lockdrill-warm-up").isLocked();
            clients.add(client);
        }
        this.resource = resource;
    }

    @Override
    public Optional<Lease> acquire(String key, Duration ttl) {
        ExecutorService thread = Executors.newSingleThreadExecutor(r -> {
            Thread t = new Thread(r, "redisson-holder");
            t.setDaemon(true);
            return t;
        });
        try {
            Optional<Lease> lease = thread.submit(() -> {
                RedissonRedLock lock = new RedissonRedLock(locks(key));
                long ttlMillis = ttl.toMillis();
                long start = System.nanoTime();
                if (!lock.tryLock(ttlMillis / 4, ttlMillis, TimeUnit.MILLISECONDS)) {
                    return Optional.<Lease>empty();
                }
                long drift = ttlMillis / 100 + 2;
                long left = ttlMillis - (System.nanoTime() - start) / 1_000_000 - drift;
                String holder = id + ":" + Thread.currentThread().getId();
                long token = left > 0 ? grant(key, holder, left) : 0;
                long validity = ttlMillis - (System.nanoTime() - start) / 1_000_000 - drift;
                if (token == 0 || validity <= 0) {
                    if (token != 0) {
                        endGrant(key, token);
                    }
                    unlockQuietly(lock);
                    return Optional.<Lease>empty();
                }
                return Optional.of(new Lease(key, holder, validity, token));
            }).get();
            if (lease.isPresent()) {
                holders.put(lease.get().value(), thread);
            } else {
                thread.shutdown();
            }
            return lease;
        } catch (Exception e) {
            thread.shutdown();
            return Optional.empty();
        }
    }

    @Override
    public void release(Lease lease) {
        ExecutorService thread = holders.remove(lease.value());
        if (thread == null) {
            return;
        }
        endGrant(lease.resource(), lease.token());
        try {
            thread.submit(() -> unlockQuietly(new RedissonRedLock(locks(lease.resource())))).get();
        } catch (Exception e) {
            // the lock expired or a node is unreachable: nothing of ours is left to delete there
        } finally {
            thread.shutdown();
        }
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
            throw new IllegalStateException(e);
        }
    }

    private RLock[] locks(String key) {
        return clients.stream().map(c -> c.getLock(key)).toArray(RLock[]::new);
    }

    private static void unlockQuietly(RedissonRedLock lock) {
        try {
            lock.unlock();
        } catch (RuntimeException e) {
            // Redisson throws when a node no longer holds this thread's lock; the others were still sent
        }
    }

    private void shareId(RedissonClient client) {
        try {
            Object serviceManager = ((Redisson) client).getServiceManager();
            Field field = serviceManager.getClass().getDeclaredField("id");
            field.setAccessible(true);
            field.set(serviceManager, id);
        } catch (ReflectiveOperationException e) {
            throw new IllegalStateException("this Redisson version keeps its client id elsewhere", e);
        }
    }

    /** The resource's lease from PostgreSQL, under an advisory lock on its name: its token, or 0 when refused. */
    private long grant(String key, String holder, long leaseMillis) {
        try (Connection c = resource.getConnection()) {
            c.setAutoCommit(false);
            try (PreparedStatement lock = c.prepareStatement("SELECT pg_advisory_xact_lock(hashtext(?))");
                 PreparedStatement live = c.prepareStatement(
                         "SELECT 1 FROM resource_lease WHERE resource = ? AND expires_at > clock_timestamp()");
                 PreparedStatement take = c.prepareStatement("INSERT INTO resource_lease(resource, token, holder, "
                         + "expires_at) VALUES (?, nextval('redlock_fence'), ?, clock_timestamp() + ? * interval "
                         + "'1 millisecond') ON CONFLICT (resource) DO UPDATE SET token = EXCLUDED.token, "
                         + "holder = EXCLUDED.holder, expires_at = EXCLUDED.expires_at RETURNING token")) {
                lock.setString(1, key);
                lock.execute();
                live.setString(1, key);
                try (ResultSet rs = live.executeQuery()) {
                    if (rs.next()) {
                        c.rollback();
                        return 0;
                    }
                }
                take.setString(1, key);
                take.setString(2, holder);
                take.setLong(3, leaseMillis);
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
