package dev.lockdrill.kata.redlock.workload;

import org.junit.jupiter.api.Test;

import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.TimeUnit;

import static org.assertj.core.api.Assertions.assertThat;

/** No redis-server the harness started outlives it: not on close, not when its JVM is killed. */
class RedisNodesTest {

    @Test
    void closeStopsEveryNodeItStartedAndARestartComesBackEmpty() throws Exception {
        List<Long> pids;
        try (RedisNodes nodes = RedisNodes.start()) {
            pids = new ArrayList<>(nodes.pids());
            assertThat(pids).hasSize(5).allMatch(RedisNodesTest::alive);
            nodes.direct("C").set("k", "v");
            long before = nodes.pids().get(2);
            assertThat(nodes.restartEmpty("C")).isTrue();
            assertThat(alive(before)).isFalse();
            pids.add(nodes.pids().get(2));
        }
        assertThat(pids).noneMatch(RedisNodesTest::alive);
    }

    @Test
    void nodesDieWhenTheCheckProcessIsKilled() throws Exception {
        String java = ProcessHandle.current().info().command().orElse("java");
        Process child = new ProcessBuilder(java, "-cp", System.getProperty("java.class.path"),
                StartNodesAndWait.class.getName()).redirectErrorStream(true).start();
        List<Long> pids;
        try (BufferedReader out = new BufferedReader(new InputStreamReader(child.getInputStream(),
                StandardCharsets.UTF_8))) {
            String line = out.readLine();
            assertThat(line).startsWith("pids ");
            pids = Arrays.stream(line.substring(5).split(",")).map(Long::parseLong).toList();
        }
        assertThat(pids).hasSize(5).allMatch(RedisNodesTest::alive);
        child.destroyForcibly();
        child.waitFor(5, TimeUnit.SECONDS);
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(5);
        while (pids.stream().anyMatch(RedisNodesTest::alive) && System.nanoTime() < deadline) {
            Thread.sleep(50);
        }
        assertThat(pids).noneMatch(RedisNodesTest::alive);
    }

    private static boolean alive(long pid) {
        return ProcessHandle.of(pid).map(ProcessHandle::isAlive).orElse(false);
    }

    /** A stand-in check process: starts the nodes, prints their PIDs, and waits to be killed. */
    public static final class StartNodesAndWait {
        public static void main(String[] args) throws Exception {
            RedisNodes nodes = RedisNodes.start();
            StringBuilder line = new StringBuilder("pids ");
            for (long pid : nodes.pids()) {
                line.append(line.length() > 5 ? "," : "").append(pid);
            }
            new java.io.PrintStream(new java.io.FileOutputStream(java.io.FileDescriptor.out), true,
                    StandardCharsets.UTF_8).println(line);
            Thread.sleep(60_000);
            nodes.close();
        }
    }
}
