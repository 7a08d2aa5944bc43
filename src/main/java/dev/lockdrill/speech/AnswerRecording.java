package dev.lockdrill.speech;

import dev.lockdrill.support.LockdrillException;
import dev.lockdrill.support.PrivateFiles;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * A recorder running while the learner answers: {@code rec} or {@code arecord} writing 16 kHz mono
 * 16-bit WAV (what the recognizer reads) to a file only its owner may read. Stopped with SIGTERM,
 * on which both recorders finish the WAV header; killed if they do not exit.
 */
public final class AnswerRecording implements AutoCloseable {
    private final Process process;
    private final Path file;

    private AnswerRecording(Process process, Path file) {
        this.process = process;
        this.file = file;
    }

    /** Starts recording into {@code file} (created 0600 first, so the recorder only writes into it). */
    public static AnswerRecording start(SpeechTools tools, Path file) throws IOException {
        Path recorder = tools.recorder().orElseThrow(() -> LockdrillException.usage("No recorder is installed."));
        AnswerArchive.privateFile(file);
        List<String> command = recorder.getFileName().toString().equals("arecord")
                ? List.of(recorder.toString(), "-q", "-f", "S16_LE", "-r", "16000", "-c", "1", "-t", "wav", file.toString())
                : List.of(recorder.toString(), "-q", "-c", "1", "-r", "16000", "-b", "16", "-e", "signed-integer",
                file.toString());
        Process process = new ProcessBuilder(command).redirectErrorStream(true)
                .redirectOutput(ProcessBuilder.Redirect.DISCARD).redirectInput(ProcessBuilder.Redirect.PIPE).start();
        return new AnswerRecording(process, file);
    }

    public Path file() {
        return file;
    }

    /** Stops the recorder and says whether it left a recording with sound in it. */
    public boolean stop() {
        process.destroy();
        try {
            if (!process.waitFor(3, TimeUnit.SECONDS)) {
                process.destroyForcibly();
                process.waitFor(3, TimeUnit.SECONDS);
            }
        } catch (InterruptedException e) {
            process.destroyForcibly();
            Thread.currentThread().interrupt();
        }
        try {
            PrivateFiles.ensure(file);
            return Files.size(file) > 44;
        } catch (IOException e) {
            return false;
        }
    }

    @Override
    public void close() {
        if (process.isAlive()) {
            stop();
        }
    }
}
