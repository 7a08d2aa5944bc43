package dev.lockdrill.speech;

import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Stream;

/**
 * The programs a spoken answer needs, found on this machine: a recorder ({@code rec} from sox, or
 * ALSA's {@code arecord}), a player ({@code play} or {@code aplay}), {@code sox} to bring any WAV to
 * what the recognizer reads, and PocketSphinx with its US English model. All of them are optional:
 * without them the drill is what it was, a countdown and a self-grade.
 */
public record SpeechTools(Optional<Path> recorder, Optional<Path> player, Optional<Path> sox,
                          Optional<Path> recognizer, Optional<Path> model, boolean microphone, boolean speaker) {
    /** Where Debian's pocketsphinx-en-us puts the model (the acoustic model folder and the dictionary). */
    static final List<Path> MODEL_DIRS = List.of(Path.of("/usr/share/pocketsphinx/model/en-us"),
            Path.of("/usr/local/share/pocketsphinx/model/en-us"));
    static final String INSTALL = "apt-get install sox pocketsphinx pocketsphinx-en-us";

    /** What this machine has, looked up on {@code PATH} and in {@code /proc/asound}. */
    public static SpeechTools detect(Map<String, String> env) {
        return detect(env, MODEL_DIRS, Path.of("/proc/asound"));
    }

    /** What a machine with these model folders and this ALSA folder has. */
    static SpeechTools detect(Map<String, String> env, List<Path> modelDirs, Path asound) {
        String path = env.getOrDefault("PATH", "");
        Optional<Path> model = modelDirs.stream().filter(SpeechTools::isModel).findFirst();
        if (env.containsKey("LOCKDRILL_SPEECH_MODEL")) {
            model = Optional.of(Path.of(env.get("LOCKDRILL_SPEECH_MODEL"))).filter(SpeechTools::isModel);
        }
        // LOCKDRILL_AUDIO=none: act as if there were no sound devices (tests, a shared machine).
        boolean noAudio = "none".equals(env.get("LOCKDRILL_AUDIO"));
        return new SpeechTools(first(path, "rec", "arecord"), first(path, "play", "aplay"), first(path, "sox"),
                first(path, "pocketsphinx_continuous"), model,
                !noAudio && hasDevice(asound, "c", env), !noAudio && hasDevice(asound, "p", env));
    }

    /** Whether an answer can be recorded here: a recorder and a capture device. */
    public boolean canRecord() {
        return recorder.isPresent() && microphone;
    }

    public boolean canPlay() {
        return player.isPresent() && speaker;
    }

    /** Whether a recorded answer can be turned into words here. */
    public boolean canTranscribe() {
        return recognizer.isPresent() && model.isPresent();
    }

    /** The dictionary that comes with the model: every word the recognizer can hear. */
    public Path dictionary() {
        return model.orElseThrow().resolve("cmudict-en-us.dict");
    }

    /** The acoustic model folder. */
    public Path acousticModel() {
        return model.orElseThrow().resolve("en-us");
    }

    /**
     * One sentence naming what a spoken drill here lacks and how to get it, or empty when it can
     * record and transcribe (the drill says it once, then works as a countdown and a self-grade).
     */
    public Optional<String> missing() {
        List<String> lacks = new ArrayList<>();
        if (recorder.isEmpty()) {
            lacks.add("no recorder (sox's rec or alsa-utils' arecord)");
        } else if (!microphone) {
            lacks.add("no microphone (no capture device in /proc/asound)");
        }
        if (recognizer.isEmpty()) {
            lacks.add("no offline recognizer (pocketsphinx)");
        } else if (model.isEmpty()) {
            lacks.add("no English model for it (pocketsphinx-en-us)");
        }
        if (lacks.isEmpty()) {
            return Optional.empty();
        }
        boolean onlyDevice = recorder.isPresent() && !microphone && canTranscribe();
        return Optional.of("Your answer is not recorded: this machine has " + String.join(" and ", lacks)
                + (onlyDevice ? "; `drill --answer-audio FILE` still judges a recording made elsewhere."
                : "; install them (Debian: " + INSTALL + ") to hear your answer back and see the rubric points "
                + "you said."));
    }

    private static boolean isModel(Path dir) {
        return Files.isRegularFile(dir.resolve("cmudict-en-us.dict")) && Files.isDirectory(dir.resolve("en-us"));
    }

    private static Optional<Path> first(String path, String... names) {
        for (String name : names) {
            for (String entry : path.split(File.pathSeparator)) {
                Path candidate = Path.of(entry.isBlank() ? "." : entry, name);
                if (Files.isExecutable(candidate)) {
                    return Optional.of(candidate);
                }
            }
        }
        return Optional.empty();
    }

    /**
     * A capture ({@code c}) or playback ({@code p}) device: an ALSA PCM of that direction, or a
     * PulseAudio/PipeWire server the ALSA plugin reaches.
     */
    private static boolean hasDevice(Path asound, String direction, Map<String, String> env) {
        if (env.containsKey("PULSE_SERVER") || (env.containsKey("XDG_RUNTIME_DIR")
                && Files.exists(Path.of(env.get("XDG_RUNTIME_DIR"), "pulse", "native")))) {
            return true;
        }
        try (Stream<Path> cards = Files.list(asound)) {
            return cards.filter(c -> c.getFileName().toString().startsWith("card")).anyMatch(card -> {
                try (Stream<Path> pcms = Files.list(card)) {
                    return pcms.anyMatch(p -> p.getFileName().toString().matches("pcm\\d+" + direction));
                } catch (IOException e) {
                    return false;
                }
            });
        } catch (IOException e) {
            return false;
        }
    }
}
