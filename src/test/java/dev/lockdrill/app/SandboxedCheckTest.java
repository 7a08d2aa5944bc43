package dev.lockdrill.app;

import dev.lockdrill.score.CheckResult;
import dev.lockdrill.score.RunStatus;
import dev.lockdrill.testing.Pipelines;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;
import java.util.concurrent.ThreadLocalRandom;
import java.util.stream.Collectors;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * What the learner's code can reach from its check process (issue 23, item 3): a kata that passes
 * while it probes. It is told no variable of lockdrill's own environment but the language and the
 * path, and the run's own role's URL, never the configured role's; a process it detaches with
 * {@code setsid} does not outlive the check. When lockdrill runs as root (CI does), the code runs as
 * a user of its own, which cannot read the system's secrets or the workbook's state.
 */
class SandboxedCheckTest {
    /** What a check process may be told: the inherited variables, its own, and in a sandbox its home and user. */
    static final List<String> ALLOWED = List.of("PATH", "LANG", "LANGUAGE", "LC_ALL", "LC_CTYPE", "LC_MESSAGES", "TZ",
            "HOME", "USER");

    @TempDir
    Path temp;

    @Test
    void theLearnersCodeHoldsNoKeyAndLeavesNothingRunning() throws Exception {
        Path workbookState = temp.resolve("state");
        Files.createDirectories(workbookState);
        Files.setPosixFilePermissions(workbookState, PosixFilePermissions.fromString("rwxr-xr-x"));
        Path secret = workbookState.resolve("state.json");
        Files.writeString(secret, "{}");
        Files.setPosixFilePermissions(secret, PosixFilePermissions.fromString("rw-r--r--"));
        String sleep = "7" + ThreadLocalRandom.current().nextInt(100_000, 999_999) + ".5";
        Path kata = temp.resolve("escaping");
        Files.createDirectories(kata);
        String source = Files.readString(Pipelines.repoRoot().resolve(
                "src/test/resources/fixture-katas/fencing-token/escaping/PostgresFencedStore.java"));
        Files.writeString(kata.resolve("PostgresFencedStore.java"),
                source.replace("@STATE@", secret.toString()).replace("@SLEEP@", sleep));

        CheckResult result;
        try (AppContext app = Pipelines.app(workbookState)) {
            assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(workbookState)))
                    .as("the workbook's state, closed to other users").isEqualTo("rwx------");
            result = Pipelines.check(app, "fencing-token", kata, 3);
        }
        Map<String, String> probes = probes(workbookState);

        assertThat(result.status()).as(Pipelines.explain(result)).isEqualTo(RunStatus.PASS);
        TreeSet<String> told = Arrays.stream(probes.get("env").split(",")).filter(name -> !name.isBlank())
                .collect(Collectors.toCollection(TreeSet::new));
        assertThat(told).as("the check process's environment")
                .allMatch(name -> ALLOWED.contains(name) || name.startsWith("LOCKDRILL_CHILD_"))
                .doesNotContain("LOCKDRILL_JDBC_URL", "PGPASSWORD");
        String configuredUser = userOf(Pipelines.JDBC_URL);
        assertThat(probes.get("url-user")).as("the role whose URL the check process holds")
                .startsWith("ld").isNotEqualTo(configuredUser);
        assertThat(probes).containsEntry("forked", "");
        assertThat(stillRunning(sleep)).as("a process the learner's code detached with setsid").isEmpty();
        if (root()) {
            assertThat(Long.parseLong(probes.get("uid"))).as("the check process's user").isGreaterThanOrEqualTo(
                    3_000_000_000L);
            assertThat(probes).containsEntry("shadow", "refused").containsEntry("state", "refused");
        } else {
            assertThat(probes.get("uid")).isNotEqualTo("0");
        }
        // this process's sandboxes only: another lockdrill may be running checks beside the tests
        long first = 3_000_000_000L + ProcessHandle.current().pid() * 100;
        try (Stream<Path> left = Files.list(Path.of("/tmp"))) {
            assertThat(left.map(p -> p.getFileName().toString()).filter(n -> n.startsWith("lockdrill-check-"))
                    .map(n -> Long.parseLong(n.substring("lockdrill-check-".length())))
                    .filter(uid -> uid >= first && uid < first + 100))
                    .as("the check process's folder, removed").isEmpty();
        }
    }

    private static Map<String, String> probes(Path state) throws Exception {
        Path log;
        try (Stream<Path> walk = Files.walk(state)) {
            log = walk.filter(p -> p.getFileName().toString().equals("you-output.log")).findFirst().orElseThrow();
        }
        Map<String, String> probes = new java.util.HashMap<>();
        for (String line : Files.readAllLines(log)) {
            if (line.startsWith("probe ")) {
                String[] parts = line.substring(6).split(" ", 2);
                probes.putIfAbsent(parts[0], parts.length > 1 ? parts[1] : "");
            }
        }
        assertThat(probes).as("the probe's lines in the run's log").containsKeys("env", "url-user", "uid", "shadow",
                "state");
        return probes;
    }

    private static String userOf(String url) {
        var matcher = java.util.regex.Pattern.compile("[?&]user=([^&]*)").matcher(url);
        return matcher.find() ? matcher.group(1) : System.getProperty("user.name");
    }

    private static List<Long> stillRunning(String marker) {
        return ProcessHandle.allProcesses().filter(p -> p.info().commandLine().map(c -> c.contains(marker))
                .orElse(false)).map(ProcessHandle::pid).toList();
    }

    private static boolean root() {
        try {
            return ((Integer) Files.getAttribute(Path.of("/proc/self"), "unix:uid")) == 0;
        } catch (Exception e) {
            return false;
        }
    }
}
