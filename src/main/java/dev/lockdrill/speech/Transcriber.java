package dev.lockdrill.speech;

import dev.lockdrill.support.LockdrillException;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Turns a recorded answer into a {@link Transcript}, offline, with PocketSphinx: the audio is first
 * brought to 16 kHz mono 16-bit (what the model was trained on) with sox, then decoded against the
 * deck's language model ({@link DeckLanguageModel}) so the recognizer expects the words the topic uses.
 */
public final class Transcriber {
    /** A timed word line of {@code pocketsphinx_continuous -time yes}: word, start, end, posterior. */
    private static final Pattern WORD = Pattern.compile("^(\\S+) (\\d+\\.\\d+) (\\d+\\.\\d+) (\\d+(?:\\.\\d+)?)$");
    private static final Pattern ALTERNATE = Pattern.compile("\\(\\d+\\)$");
    private final SpeechTools tools;

    public Transcriber(SpeechTools tools) {
        this.tools = tools;
    }

    /** The words heard in {@code audio} (any WAV sox reads), decoded with {@code languageModel}. */
    public Transcript transcribe(Path audio, Path languageModel) {
        if (!tools.canTranscribe()) {
            throw LockdrillException.usage("Cannot transcribe " + audio.getFileName() + ": this machine has no "
                    + "pocketsphinx with its English model (Debian: " + SpeechTools.INSTALL + ").");
        }
        Path input = audio;
        Path converted = null;
        try {
            if (tools.sox().isPresent()) {
                converted = Files.createTempFile("lockdrill-answer", ".wav");
                run(List.of(tools.sox().get().toString(), "-q", audio.toString(), "-r", "16000", "-c", "1", "-b", "16",
                        "-e", "signed-integer", converted.toString()), 60, "sox could not read " + audio.getFileName());
                input = converted;
            }
            String output = run(List.of(tools.recognizer().orElseThrow().toString(), "-infile", input.toString(),
                    "-hmm", tools.acousticModel().toString(), "-dict", tools.dictionary().toString(),
                    "-lm", languageModel.toString(), "-time", "yes", "-logfn", "/dev/null"),
                    600, "pocketsphinx could not decode " + audio.getFileName());
            return parse(output);
        } catch (IOException e) {
            throw LockdrillException.usage("Cannot transcribe " + audio.getFileName() + ": " + e.getMessage() + ".");
        } finally {
            if (converted != null) {
                try {
                    Files.deleteIfExists(converted);
                } catch (IOException ignored) {
                    // a temp file left behind is swept with the system's temp folder
                }
            }
        }
    }

    /** The timed words of the recognizer's output; fillers ({@code <s>}, {@code <sil>}, {@code [NOISE]}) dropped. */
    static Transcript parse(String output) {
        List<Transcript.Word> words = new ArrayList<>();
        for (String line : output.split("\\R")) {
            Matcher m = WORD.matcher(line.strip());
            if (!m.matches()) {
                continue;
            }
            String word = m.group(1);
            if (word.startsWith("<") || word.startsWith("[") || word.startsWith("++")) {
                continue;
            }
            words.add(new Transcript.Word(ALTERNATE.matcher(word).replaceAll(""), Double.parseDouble(m.group(2)),
                    Double.parseDouble(m.group(3)), Double.parseDouble(m.group(4))));
        }
        return new Transcript(words);
    }

    private static String run(List<String> command, long timeoutSeconds, String failure) throws IOException {
        Process process = new ProcessBuilder(command).redirectErrorStream(false)
                .redirectError(ProcessBuilder.Redirect.DISCARD).start();
        process.getOutputStream().close();
        CompletableFuture<String> stdout = CompletableFuture.supplyAsync(() -> read(process.getInputStream()),
                Transcriber::onOwnThread);
        try {
            if (!process.waitFor(timeoutSeconds, TimeUnit.SECONDS)) {
                process.destroyForcibly();
                throw LockdrillException.usage(failure + ": it took more than " + timeoutSeconds + " s.");
            }
            String out = stdout.get(5, TimeUnit.SECONDS);
            if (process.exitValue() != 0) {
                throw LockdrillException.usage(failure + " (exit " + process.exitValue() + ").");
            }
            return out;
        } catch (InterruptedException e) {
            process.destroyForcibly();
            Thread.currentThread().interrupt();
            throw LockdrillException.usage(failure + ": interrupted.");
        } catch (ExecutionException | TimeoutException e) {
            throw LockdrillException.usage(failure + ": its output could not be read.");
        }
    }

    /** Reads a program's output on a thread of its own, so a full pipe never blocks it. */
    private static void onOwnThread(Runnable task) {
        Thread reader = new Thread(task, "lockdrill-speech-output");
        reader.setDaemon(true);
        reader.start();
    }

    private static String read(InputStream in) {
        try (in) {
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            return "";
        }
    }
}
