package dev.lockdrill.speech;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/** What a machine has for spoken answers, and the one sentence saying what it lacks. */
class SpeechToolsTest {
    @TempDir
    Path dir;

    @Test
    void aMachineWithNothingSaysWhatToInstallInOneSentence() {
        SpeechTools none = SpeechTools.detect(Map.of("PATH", dir.toString()), List.of(dir.resolve("model")),
                dir.resolve("asound"));
        assertThat(none.canRecord()).isFalse();
        assertThat(none.canTranscribe()).isFalse();
        String sentence = none.missing().orElseThrow();
        assertThat(sentence).startsWith("Your answer is not recorded: this machine has no recorder")
                .contains("no offline recognizer (pocketsphinx)", "apt-get install sox pocketsphinx pocketsphinx-en-us")
                .endsWith(".");
        assertThat(sentence.split("\\. ")).hasSize(1);
    }

    @Test
    void everythingInstalledWithAMicrophoneLacksNothing() throws Exception {
        Path bin = Files.createDirectories(dir.resolve("bin"));
        for (String tool : List.of("rec", "play", "sox", "pocketsphinx_continuous")) {
            Files.createFile(bin.resolve(tool), PosixFilePermissions.asFileAttribute(
                    PosixFilePermissions.fromString("rwxr-xr-x")));
        }
        Path model = dir.resolve("model");
        Files.createDirectories(model.resolve("en-us"));
        Files.writeString(model.resolve("cmudict-en-us.dict"), "token T OW K AH N\n");
        Path asound = Files.createDirectories(dir.resolve("asound/card0/pcm0c"));
        Files.createDirectories(dir.resolve("asound/card0/pcm0p"));

        SpeechTools all = SpeechTools.detect(Map.of("PATH", bin.toString()), List.of(model), dir.resolve("asound"));
        assertThat(all.canRecord()).isTrue();
        assertThat(all.canPlay()).isTrue();
        assertThat(all.canTranscribe()).isTrue();
        assertThat(all.missing()).isEmpty();
        assertThat(asound).exists();

        SpeechTools muted = SpeechTools.detect(Map.of("PATH", bin.toString(), "LOCKDRILL_AUDIO", "none"),
                List.of(model), dir.resolve("asound"));
        assertThat(muted.canRecord()).isFalse();
        assertThat(muted.missing().orElseThrow()).contains("no microphone", "--answer-audio FILE");
    }
}
