package dev.lockdrill.runner;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeUnit;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/** The owners of what a check process leaves: its user's processes, its marked ones, its folder. */
class CheckSandboxTest {
    @TempDir
    Path temp;

    @Test
    void aDetachedProcessCarryingTheMarkIsKilled() throws Exception {
        String mark = "test" + Long.toHexString(System.nanoTime());
        String sleep = "6" + ThreadLocalRandom.current().nextInt(100_000, 999_999) + ".25";
        ProcessBuilder builder = new ProcessBuilder("sh", "-c", "(setsid sleep " + sleep + " >/dev/null 2>&1 &)");
        builder.environment().put(CheckSandbox.MARK_ENV, mark);
        builder.start().waitFor(5, TimeUnit.SECONDS);
        // the shell returns once it has forked: the detached sleep may still be on its way to exec
        waitStarted(sleep);
        assertThat(running(sleep)).as("the detached process, before").hasSize(1);

        assertThat(CheckSandbox.killMarked(mark + "x")).as("another mark").isZero();
        int killed = CheckSandbox.killMarked(mark);

        assertThat(killed).isEqualTo(1);
        waitGone(sleep);
        assertThat(running(sleep)).as("the detached process, after").isEmpty();
    }

    @Test
    void aSandboxWhoseOwnerWasKilledIsSweptWithItsUsersProcesses() throws Exception {
        assumeTrue(CheckSandbox.available(), "only root gives check processes a user of their own");
        Process gone = new ProcessBuilder("true").start();
        gone.waitFor();
        long uid = CheckSandbox.FIRST_UID + gone.pid() * CheckSandbox.PER_OWNER + 7;
        assumeTrue(CheckSandbox.processesOf(uid).isEmpty(), "the user id is free");
        Path dir = Files.createDirectory(temp.resolve(CheckSandbox.PREFIX + uid));
        Files.writeString(dir.resolve(".owner"), "pid=" + gone.pid() + " started=1\n");
        String sleep = "5" + ThreadLocalRandom.current().nextInt(100_000, 999_999) + ".75";
        new ProcessBuilder("setpriv", "--reuid=" + uid, "--regid=" + uid, "--clear-groups", "--", "sh", "-c",
                "(setsid sleep " + sleep + " >/dev/null 2>&1 &)").start().waitFor(5, TimeUnit.SECONDS);
        for (int i = 0; i < 250 && CheckSandbox.processesOf(uid).size() != 1; i++) {
            Thread.sleep(20);
        }
        assertThat(CheckSandbox.processesOf(uid)).as("the orphan, before").hasSize(1);

        List<String> swept = CheckSandbox.sweepOrphans(temp);

        assertThat(swept).anyMatch(line -> line.contains("of a check's user " + uid)).contains("removed " + dir);
        assertThat(CheckSandbox.processesOf(uid)).as("the orphan, after").isEmpty();
        assertThat(dir).doesNotExist();
    }

    @Test
    void aSandboxWhoseOwnerRunsIsLeftAlone() throws Exception {
        assumeTrue(CheckSandbox.available(), "only root gives check processes a user of their own");
        try (CheckSandbox sandbox = CheckSandbox.open(temp)) {
            assertThat(CheckSandbox.sweepOrphans(temp)).isEmpty();
            assertThat(sandbox.home()).isDirectory();
            assertThat(Files.getAttribute(sandbox.home(), "unix:uid")).isEqualTo((int) sandbox.uid());
        }
        try (var left = Files.list(temp)) {
            assertThat(left.toList()).as("closed: its folder removed").isEmpty();
        }
    }

    private static List<Long> running(String marker) {
        return ProcessHandle.allProcesses().filter(p -> p.info().commandLine().map(c -> c.contains(marker))
                .orElse(false)).map(ProcessHandle::pid).toList();
    }

    private static void waitStarted(String marker) throws InterruptedException {
        for (int i = 0; i < 250 && running(marker).size() != 1; i++) {
            Thread.sleep(20);
        }
    }

    private static void waitGone(String marker) throws InterruptedException {
        for (int i = 0; i < 100 && !running(marker).isEmpty(); i++) {
            Thread.sleep(20);
        }
    }
}
