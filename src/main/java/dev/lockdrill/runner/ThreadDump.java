package dev.lockdrill.runner;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * Where a stuck check process was: its threads' stacks (taken with jcmd before it is killed), the
 * learner's threads first, each cut after its last frame in the learner's code.
 */
final class ThreadDump {
    static final int MAX_THREADS = 6;
    static final int MAX_FRAMES = 12;
    private static final List<String> OURS = List.of("java.", "javax.", "jdk.", "sun.", "com.sun.", "dev.lockdrill.",
            "org.postgresql.", "com.zaxxer.", "com.fasterxml.");

    private ThreadDump() {
    }

    /** The raw dump of a live JVM, or "" when it could not be taken within a few seconds. */
    static String take(long pid) {
        Path jcmd = Path.of(System.getProperty("java.home"), "bin", "jcmd");
        try {
            Process p = new ProcessBuilder(jcmd.toString(), Long.toString(pid), "Thread.print")
                    .redirectErrorStream(true).start();
            p.getOutputStream().close();
            byte[] out = p.getInputStream().readNBytes(2_000_000);
            if (!p.waitFor(5, TimeUnit.SECONDS)) {
                p.destroyForcibly();
                return "";
            }
            return new String(out, StandardCharsets.UTF_8);
        } catch (IOException e) {
            return "";
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return "";
        }
    }

    /** The threads that were running the learner's code, their frames up to the last one of the learner's. */
    static String learnerStacks(String dump) {
        List<String> threads = new ArrayList<>();
        for (String block : dump.split("\\n\\s*\\n")) {
            List<String> lines = block.lines().toList();
            if (lines.isEmpty() || !lines.get(0).startsWith("\"")) {
                continue;
            }
            int last = -1;
            for (int i = 1; i < lines.size(); i++) {
                if (isLearnerFrame(lines.get(i))) {
                    last = i;
                }
            }
            if (last < 0) {
                continue;
            }
            StringBuilder thread = new StringBuilder(lines.get(0).replaceAll(" #\\d+.*", "")).append('\n');
            lines.subList(1, Math.min(last + 1, MAX_FRAMES + 1)).stream()
                    .filter(l -> !l.isBlank()).forEach(l -> thread.append("    ").append(l.strip()).append('\n'));
            threads.add(thread.toString());
            if (threads.size() == MAX_THREADS) {
                break;
            }
        }
        return String.join("", threads).stripTrailing();
    }

    private static boolean isLearnerFrame(String line) {
        String frame = line.strip();
        if (!frame.startsWith("at ")) {
            return false;
        }
        String method = frame.substring(3);
        return OURS.stream().noneMatch(method::startsWith);
    }
}
