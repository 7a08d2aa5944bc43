package dev.lockdrill.catalog;

import dev.lockdrill.testing.Pipelines;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.concurrent.TimeUnit;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/** The packaged stubs are the committed ones, so a learner's edits to katas/ never become "the stub". */
class PristineCopiesTest {

    @Test
    void thePackagedStubsAreTheCommittedOnesNotTheWorkingTree() throws Exception {
        assumeTrue(git("rev-parse", "--is-inside-work-tree").equals("true\n"), "not a git checkout");
        PristineCopies pristine = new PristineCopies();

        assertThat(pristine.ids()).contains("fencing-token");
        for (String id : pristine.ids()) {
            Map<String, byte[]> files = pristine.files(id);
            assertThat(files.keySet()).as(id).containsExactlyInAnyOrderElementsOf(
                    git("ls-tree", "-r", "--name-only", "HEAD", "katas/" + id + "/").lines()
                            .map(path -> path.substring(("katas/" + id + "/").length())).toList());
            for (Map.Entry<String, byte[]> file : files.entrySet()) {
                assertThat(new String(file.getValue(), StandardCharsets.UTF_8)).as(id + "/" + file.getKey())
                        .isEqualTo(git("show", "HEAD:katas/" + id + "/" + file.getKey()));
            }
        }
    }

    @Test
    void aKataIsWrittenOverWhatWasThere(@TempDir Path dir) throws Exception {
        Files.writeString(Files.createDirectories(dir.resolve("k")).resolve("Mine.java"), "solved");

        new PristineCopies().writeTo("fencing-token", dir.resolve("k"));

        assertThat(dir.resolve("k/Mine.java")).doesNotExist();
        assertThat(dir.resolve("k/PostgresFencedStore.java")).content().contains("TODO");
    }

    private static String git(String... args) throws IOException, InterruptedException {
        String[] command = new String[args.length + 1];
        command[0] = "git";
        System.arraycopy(args, 0, command, 1, args.length);
        Process process = new ProcessBuilder(command).directory(Pipelines.repoRoot().toFile())
                .redirectError(ProcessBuilder.Redirect.DISCARD).start();
        String out = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        process.waitFor(10, TimeUnit.SECONDS);
        return process.exitValue() == 0 ? out : "";
    }
}
