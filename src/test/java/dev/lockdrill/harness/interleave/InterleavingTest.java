package dev.lockdrill.harness.interleave;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import javax.tools.JavaCompiler;
import javax.tools.ToolProvider;
import java.net.URL;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.IntSupplier;

import static org.assertj.core.api.Assertions.assertThat;

/** A counter compiled outside the class path, as a learner's class is, then driven by the scheduler. */
class InterleavingTest {
    private static final String PLAIN = "package racy; public class Counter implements java.util.function.IntSupplier {"
            + " private int value; public int getAsInt() { int v = value; value = v + 1; return v; } }";
    private static final String LOCKED = "package racy; public class Counter implements java.util.function.IntSupplier {"
            + " private int value; public synchronized int getAsInt() { int v = value; value = v + 1; return v; } }";

    @TempDir
    Path classes;

    @Test
    void aReadThenWriteLosesAnUpdateWhenTheFirstWorkerIsPreemptedBetweenThem() throws Exception {
        compile(PLAIN);
        Interleaving.Outcome whole = run(0, new ArrayList<>());
        List<Integer> lost = new ArrayList<>();
        for (int preemptAt = 1; preemptAt <= whole.firstWorkerYields(); preemptAt++) {
            List<Integer> seen = new ArrayList<>();
            run(preemptAt, seen);
            if (seen.get(0).equals(seen.get(1))) {
                lost.add(preemptAt);
            }
        }
        assertThat(lost).isNotEmpty();
    }

    @Test
    void theSamePreemptionPointGivesTheSameSteps() throws Exception {
        compile(PLAIN);
        assertThat(run(2, new ArrayList<>()).steps()).isEqualTo(run(2, new ArrayList<>()).steps());
    }

    @Test
    void aSynchronizedCounterLosesNothingAndAWorkerBlockedOnItsMonitorIsNoDeadlock() throws Exception {
        compile(LOCKED);
        int yields = run(0, new ArrayList<>()).firstWorkerYields();
        for (int preemptAt = 1; preemptAt <= yields; preemptAt++) {
            List<Integer> seen = new ArrayList<>();
            Interleaving.Outcome outcome = run(preemptAt, seen);
            assertThat(outcome.stuck()).isEmpty();
            assertThat(seen).containsExactlyInAnyOrder(0, 1);
        }
    }

    private Interleaving.Outcome run(int preemptAt, List<Integer> seen) throws Exception {
        YieldingClassLoader loader = new YieldingClassLoader(new URL[]{classes.toUri().toURL()},
                getClass().getClassLoader(), new ConcurrentHashMap<>());
        IntSupplier counter = (IntSupplier) loader.loadClass("racy.Counter").getConstructor().newInstance();
        Interleaving interleaving = new Interleaving(preemptAt);
        List<Integer> results = Collections.synchronizedList(seen);
        interleaving.add("w-1", () -> results.add(counter.getAsInt()));
        interleaving.add("w-2", () -> results.add(counter.getAsInt()));
        return interleaving.run();
    }

    private void compile(String source) throws Exception {
        Path file = classes.resolve("src/racy/Counter.java");
        Files.createDirectories(file.getParent());
        Files.writeString(file, source);
        JavaCompiler javac = ToolProvider.getSystemJavaCompiler();
        assertThat(javac.run(null, null, null, "-d", classes.toString(), file.toString())).isZero();
    }
}
