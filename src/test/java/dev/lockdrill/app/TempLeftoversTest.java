package dev.lockdrill.app;

import dev.lockdrill.support.OwnerMark;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.FileTime;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

import static org.assertj.core.api.Assertions.assertThat;

/** Temporary folders of checks that were killed are removed, and a pooler left running in one stopped. */
class TempLeftoversTest {
    @TempDir
    Path tmp;
    final List<Process> started = new ArrayList<>();

    @AfterEach
    void stopWhatWasStarted() {
        started.forEach(Process::destroyForcibly);
    }

    @Test
    void aPoolerWhoseCheckIsGoneIsStoppedAndItsFolderRemoved() throws Exception {
        Path dir = Files.createDirectory(tmp.resolve("lockdrill-pgbouncer123"));
        markedByAProcessThatIsGone(dir);
        Process pooler = runIn(dir, "pgbouncer");

        TempLeftovers.Swept swept = new TempLeftovers(tmp).sweep();

        assertThat(pooler.waitFor(10, TimeUnit.SECONDS)).as("the orphaned pooler was stopped").isTrue();
        assertThat(swept.stopped()).containsExactly("pgbouncer (pid " + pooler.pid() + ")");
        assertThat(swept.removed()).containsExactly(dir.toString());
        assertThat(dir).doesNotExist();
    }

    @Test
    void foldersInUseAreLeftAlone() throws Exception {
        Path running = Files.createDirectory(tmp.resolve("lockdrill-pgbouncer1"));
        OwnerMark.write(running);
        Path nodes = Files.createDirectory(tmp.resolve("lockdrill-redis2"));
        Process node = runIn(nodes, "redis-server");
        aWhileAgo(nodes);
        Path paged = Files.createDirectory(tmp.resolve("lockdrill-pgbouncer3"));
        markedByAProcessThatIsGone(paged);
        Process pager = runIn(paged, "less");
        Path fresh = Files.createDirectory(tmp.resolve("lockdrill-redis4"));

        TempLeftovers.Swept swept = new TempLeftovers(tmp).sweep();

        assertThat(swept.all()).isEmpty();
        assertThat(List.of(running, nodes, paged, fresh)).allSatisfy(d -> assertThat(d).isDirectory());
        assertThat(node.isAlive()).isTrue();
        assertThat(pager.isAlive()).isTrue();
    }

    @Test
    void anUnmarkedFolderNothingNamesIsRemovedOnceQuiet() throws Exception {
        Path nodes = Files.createDirectory(tmp.resolve("lockdrill-redis9"));
        Files.writeString(nodes.resolve("node-n1.log"), "ready");
        aWhileAgo(nodes);
        Path other = Files.createDirectory(tmp.resolve("something-else"));
        aWhileAgo(other);

        assertThat(new TempLeftovers(tmp).sweep().removed()).containsExactly(nodes.toString());
        assertThat(other).isDirectory();
    }

    /** A copy of sleep named as the server, inside the folder, so that its command line names the folder. */
    private Process runIn(Path dir, String name) throws Exception {
        Path binary = Files.copy(Path.of("/bin/sleep"), dir.resolve(name), StandardCopyOption.COPY_ATTRIBUTES);
        Process process = new ProcessBuilder(binary.toString(), "600").start();
        started.add(process);
        return process;
    }

    private static void aWhileAgo(Path dir) throws Exception {
        Files.setLastModifiedTime(dir, FileTime.fromMillis(System.currentTimeMillis() - 600_000));
    }

    private static void markedByAProcessThatIsGone(Path dir) throws Exception {
        Process gone = new ProcessBuilder("true").start();
        gone.waitFor();
        Files.writeString(dir.resolve(OwnerMark.FILE), "pid=" + gone.pid() + " started=1\n");
    }
}
