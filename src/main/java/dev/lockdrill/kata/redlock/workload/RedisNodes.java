package dev.lockdrill.kata.redlock.workload;

import dev.lockdrill.harness.HarnessException;
import redis.clients.jedis.Jedis;

import java.io.File;
import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

/**
 * Five real {@code redis-server} processes on free loopback ports, without persistence, in a
 * temporary directory; stopped by PID on close. A watchdog shell kills them (by the PIDs written in
 * that directory) if this JVM dies first: killed on a timeout, interrupted, or ended by the learner.
 */
public final class RedisNodes implements AutoCloseable {
    public static final List<String> NAMES = List.of("A", "B", "C", "D", "E");
    private static final String WATCHDOG = "while kill -0 \"$1\" 2>/dev/null; do sleep 0.3; done; "
            + "for f in \"$2\"/*.pid; do [ -f \"$f\" ] && kill -9 \"$(cat \"$f\")\" 2>/dev/null; done; rm -rf \"$2\"";
    private static final String SNAPSHOT = "local t = redis.call('TYPE', KEYS[1]).ok "
            + "if t == 'string' then return redis.call('GET', KEYS[1]) "
            + "elseif t == 'hash' then return table.concat(redis.call('HKEYS', KEYS[1]), ',') end return ''";

    private final String binary;
    private final Path dir;
    private final Map<String, Node> nodes = new LinkedHashMap<>();
    private final Process watchdog;
    private final Thread hook = new Thread(this::stopAll, "redis-nodes-stop");

    private RedisNodes(String binary, Path dir) throws IOException {
        this.binary = binary;
        this.dir = dir;
        this.watchdog = new ProcessBuilder("sh", "-c", WATCHDOG, "redis-watchdog",
                String.valueOf(ProcessHandle.current().pid()), dir.toString())
                .redirectErrorStream(true).redirectOutput(dir.resolve("watchdog.log").toFile()).start();
        Runtime.getRuntime().addShutdownHook(hook);
    }

    /** Starts the five nodes, or says in one sentence why it cannot. */
    public static RedisNodes start() {
        String binary = binary();
        try {
            RedisNodes cluster = new RedisNodes(binary, Files.createTempDirectory("lockdrill-redis"));
            try {
                // all five start at once, then each is waited for: the run's start-up is one node's
                java.util.Set<Integer> ports = new java.util.HashSet<>();
                for (String name : NAMES) {
                    int port = freePort();
                    while (!ports.add(port)) {
                        port = freePort();
                    }
                    cluster.launch(name, port);
                }
                for (String name : NAMES) {
                    for (int attempt = 1; ; attempt++) {
                        try {
                            cluster.nodes.get(name).awaitReady(cluster.log(name));
                            break;
                        } catch (IOException e) {
                            // a port found free was taken by another process before the node bound it: another port
                            if (attempt == 3 || !String.valueOf(e.getMessage()).contains("Failed listening")) {
                                throw e;
                            }
                            cluster.nodes.get(name).stop();
                            int port = freePort();
                            while (!ports.add(port)) {
                                port = freePort();
                            }
                            cluster.launch(name, port);
                        }
                    }
                }
                return cluster;
            } catch (IOException | RuntimeException e) {
                cluster.close();
                throw e;
            }
        } catch (IOException e) {
            throw new HarnessException("could not start redis-server: " + e.getMessage(), e);
        }
    }

    /** The redis-server on PATH, or a one-sentence environment error. */
    public static String binary() {
        String path = System.getenv().getOrDefault("PATH", "");
        for (String entry : path.split(File.pathSeparator)) {
            Path candidate = Path.of(entry.isBlank() ? "." : entry, "redis-server");
            if (Files.isExecutable(candidate)) {
                return candidate.toString();
            }
        }
        throw new HarnessException("redis-server is not on PATH, so the redlock check cannot start its five "
                + "nodes: install it (Debian/Ubuntu: apt-get install redis-server) and check again");
    }

    public List<String> names() {
        return NAMES;
    }

    public int port(String name) {
        return nodes.get(name).port;
    }

    public List<Long> pids() {
        return nodes.values().stream().map(n -> n.process.pid()).toList();
    }

    /** A harness connection straight to the node (not through any proxy); one thread at a time (Jedis is not thread-safe). */
    public synchronized Jedis direct(String name) {
        return nodes.get(name).direct;
    }

    /** What each node holds under the key: its string value, a hash's field names, or "" when absent. */
    public synchronized Map<String, Object> snapshot(String key) {
        Map<String, Object> values = new LinkedHashMap<>();
        for (Node node : nodes.values()) {
            Object value = node.direct.eval(SNAPSHOT, 1, key);
            values.put(node.name, value == null ? "" : value.toString());
        }
        return values;
    }

    public synchronized void flushAll() {
        nodes.values().forEach(node -> node.direct.flushAll());
    }

    /** SIGKILL the node and start it again, empty, on the same port; answers whether it came back empty. */
    public synchronized boolean restartEmpty(String name) throws IOException {
        Node old = nodes.get(name);
        old.stop();
        startNode(name, old.port);
        return nodes.get(name).direct.dbSize() == 0;
    }

    private void startNode(String name, int port) throws IOException {
        launch(name, port);
        nodes.get(name).awaitReady(log(name));
    }

    private Path log(String name) {
        return dir.resolve("node-" + name + ".log");
    }

    private void launch(String name, int port) throws IOException {
        Path log = log(name);
        Process process = new ProcessBuilder(binary, "--port", String.valueOf(port), "--bind", "127.0.0.1",
                "--save", "", "--appendonly", "no", "--dir", dir.toString(), "--daemonize", "no",
                "--protected-mode", "no")
                .redirectErrorStream(true).redirectOutput(ProcessBuilder.Redirect.appendTo(log.toFile())).start();
        Files.writeString(dir.resolve("node-" + name + ".pid"), String.valueOf(process.pid()));
        nodes.put(name, new Node(name, port, process));
    }

    private static int freePort() throws IOException {
        try (ServerSocket socket = new ServerSocket()) {
            socket.bind(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0));
            return socket.getLocalPort();
        }
    }

    private void stopAll() {
        nodes.values().forEach(Node::stop);
    }

    @Override
    public void close() {
        stopAll();
        watchdog.destroyForcibly();
        try {
            watchdog.waitFor(2, TimeUnit.SECONDS);
            Runtime.getRuntime().removeShutdownHook(hook);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } catch (IllegalStateException ignored) {
            // the JVM is already shutting down: the hook runs anyway
        }
        try (Stream<Path> files = Files.walk(dir)) {
            files.sorted(Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
        } catch (IOException ignored) {
            // the watchdog may have removed the directory already
        }
    }

    private static final class Node {
        final String name;
        final int port;
        final Process process;
        Jedis direct;

        Node(String name, int port, Process process) {
            this.name = name;
            this.port = port;
            this.process = process;
        }

        void awaitReady(Path log) throws IOException {
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(5);
            while (System.nanoTime() < deadline) {
                if (!process.isAlive()) {
                    break;
                }
                try {
                    Jedis jedis = new Jedis("127.0.0.1", port, 2000);
                    jedis.ping();
                    direct = jedis;
                    return;
                } catch (RuntimeException e) {
                    try {
                        Thread.sleep(10);
                    } catch (InterruptedException interrupted) {
                        Thread.currentThread().interrupt();
                        break;
                    }
                }
            }
            stop();
            List<String> lines = Files.exists(log) ? Files.readAllLines(log) : new ArrayList<>();
            throw new IOException("node " + name + " on port " + port + " did not answer PING"
                    + (lines.isEmpty() ? "" : " (" + lines.get(lines.size() - 1).trim() + ")"));
        }

        void stop() {
            if (direct != null) {
                direct.close();
            }
            process.destroyForcibly();
            try {
                process.waitFor(3, TimeUnit.SECONDS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
    }
}
