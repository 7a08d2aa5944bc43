package dev.lockdrill.speech;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Instant;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/** Kept answers: named by time, never overwritten, readable by their owner only, read back after a restart. */
class AnswerArchiveTest {
    @TempDir
    Path state;

    @Test
    void anAnswerIsKeptPrivatelyAndReadBack() throws Exception {
        AnswerArchive archive = new AnswerArchive(state);
        Instant at = Instant.parse("2026-12-02T03:04:05Z");
        String name = archive.newName("fencing-token", at);
        assertThat(name).isEqualTo("20261202T030405Z");
        Path source = Files.writeString(state.resolve("given.wav"), "RIFF....");
        Path audio = archive.keepCopy(source, "fencing-token", name);
        AnswerArchive.Answer answer = new AnswerArchive.Answer("fencing-token", at.toString(), name, "file", 42,
                "the token", List.of(new Transcript.Word("token", 1.5, 2.0, 0.9)),
                List.of(new PointsHeard.Heard(0, "token", 1.5), new PointsHeard.Heard(1, null, null)), 2, null);
        archive.save(answer);
        archive.save(answer.rated(3));

        assertThat(archive.newName("fencing-token", at)).isEqualTo("20261202T030405Z-2");
        AnswerArchive.Answer read = new AnswerArchive(state).read("fencing-token", name).orElseThrow();
        assertThat(read).isEqualTo(answer.rated(3));
        assertThat(read.pointsHeard()).isEqualTo(1);
        assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(audio))).isEqualTo("rw-------");
        assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(
                state.resolve("answers/fencing-token/" + name + ".json")))).isEqualTo("rw-------");
        assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(state.resolve("answers"))))
                .isEqualTo("rwx------");
        assertThat(archive.read("fencing-token", "../../etc/passwd")).isEmpty();
    }
}
