package dev.lockdrill.testing;

import java.io.FileDescriptor;
import java.io.FileOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Progress of the suite's slow steps, on the console while they run. Surefire sends a test's
 * {@code System.out} to a file (the suite stays readable), so these lines go to the forked JVM's
 * own standard error, which Surefire copies to the console as it comes: "[progress] AuthoringTest
 * 12/235 lease-claim mutant claim-error-returns-nothing, 48 s".
 */
public final class SuiteProgress {
    private static final PrintStream CONSOLE =
            new PrintStream(new FileOutputStream(FileDescriptor.err), true, StandardCharsets.UTF_8);

    private final String step;
    private final int total;
    private final long startNanos = System.nanoTime();
    private final AtomicInteger done = new AtomicInteger();

    public SuiteProgress(String step, int total) {
        this.step = step;
        this.total = total;
    }

    /** One more item of the step is done. */
    public void done(String item) {
        long seconds = (System.nanoTime() - startNanos) / 1_000_000_000L;
        CONSOLE.println("[progress] " + step + " " + done.incrementAndGet() + "/" + total + " " + item + ", "
                + seconds + " s");
    }
}
