package dev.lockdrill.speech;

import dev.lockdrill.drill.AnswerListener;
import dev.lockdrill.drill.Countdown;
import dev.lockdrill.drill.DrillCard;
import dev.lockdrill.drill.DrillOutcome;
import dev.lockdrill.support.LockdrillException;

import javax.sound.sampled.AudioFileFormat;
import javax.sound.sampled.AudioSystem;
import javax.sound.sampled.UnsupportedAudioFileException;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;

/**
 * Hears one spoken answer for the drill: records it into the workbook while the countdown runs (or
 * takes a recording made before, {@code --answer-audio}), transcribes it offline against the deck's
 * language model, marks the rubric points heard, and keeps recording, transcript and marks together
 * under {@code .lockdrill/answers/<card>/} so that {@code drill history} can show and play them.
 */
public final class SpokenAnswers implements AnswerListener {
    private final SpeechTools tools;
    private final AnswerArchive archive;
    private final List<DrillCard> deck;
    private final Path cacheDir;
    private final Clock clock;
    private final Path given;
    private final String card;
    private String name;
    private AnswerRecording recording;
    private AnswerArchive.Answer kept;

    private SpokenAnswers(SpeechTools tools, Path stateDir, List<DrillCard> deck, Clock clock, Path given, String card) {
        this.tools = tools;
        this.archive = new AnswerArchive(stateDir);
        this.deck = List.copyOf(deck);
        this.cacheDir = stateDir.resolve("speech");
        this.clock = clock;
        this.given = given;
        this.card = card;
    }

    /** Records the answer to {@code card} live. */
    public static SpokenAnswers live(SpeechTools tools, Path stateDir, List<DrillCard> deck, Clock clock, String card) {
        return new SpokenAnswers(tools, stateDir, deck, clock, null, card);
    }

    /** Judges an answer recorded before, from {@code audio} (a WAV file); refuses one it cannot read. */
    public static SpokenAnswers recorded(SpeechTools tools, Path stateDir, List<DrillCard> deck, Clock clock,
                                         String card, Path audio) {
        if (!Files.isRegularFile(audio) || !Files.isReadable(audio)) {
            throw LockdrillException.usage("--answer-audio " + audio + " is not a readable file.");
        }
        length(audio);
        if (!tools.canTranscribe()) {
            throw LockdrillException.usage("--answer-audio needs the offline recognizer, which this machine lacks: "
                    + "install it (Debian: " + SpeechTools.INSTALL + ").");
        }
        return new SpokenAnswers(tools, stateDir, deck, clock, audio, card);
    }

    @Override
    public Optional<Duration> prerecorded() {
        return given == null ? Optional.empty() : Optional.of(length(given));
    }

    @Override
    public void start() {
        try {
            name = archive.newName(card, clock.instant());
            recording = AnswerRecording.start(tools, archive.audio(card, name));
        } catch (IOException e) {
            throw LockdrillException.usage("Cannot start recording: " + e.getMessage() + ".");
        }
    }

    @Override
    public Hearing finish(DrillCard drill) {
        Path audio;
        try {
            if (given != null) {
                name = archive.newName(card, clock.instant());
                audio = archive.keepCopy(given, card, name);
            } else {
                audio = recording.file();
                if (!recording.stop()) {
                    Files.deleteIfExists(audio);
                    // no recording to keep, play back or list: the review records none
                    return Hearing.failed(null, "Nothing was recorded: the recorder wrote no sound (is the "
                            + "microphone muted, or in use by another program?).");
                }
            }
        } catch (IOException e) {
            return Hearing.failed(name, "The answer could not be kept: " + e.getMessage() + ".");
        }
        long seconds = Math.round(length(audio).toMillis() / 1000.0);
        if (!tools.canTranscribe()) {
            keep(new AnswerArchive.Answer(card, clock.instant().toString(), name, source(), seconds, null, null, null,
                    drill.rubric().size(), null));
            return Hearing.failed(name, "Your answer was recorded but not transcribed: install the offline recognizer "
                    + "(Debian: " + SpeechTools.INSTALL + ") to see which rubric points you said.");
        }
        try {
            Pronunciations dictionary = Pronunciations.read(tools.dictionary());
            Path model = DeckLanguageModel.of(deck, dictionary, cacheDir);
            Transcript transcript = new Transcriber(tools).transcribe(audio, model);
            List<PointsHeard.Heard> heard = new PointsHeard(new SpokenKeywords(dictionary)).judge(drill, transcript);
            keep(new AnswerArchive.Answer(card, clock.instant().toString(), name, source(), seconds, transcript.text(),
                    transcript.words(), heard, drill.rubric().size(), null));
            return new Hearing(name, marks(heard), transcript.text(), null);
        } catch (IOException e) {
            return Hearing.failed(name, "Your answer was recorded but could not be transcribed: " + e.getMessage() + ".");
        } catch (LockdrillException e) {
            return Hearing.failed(name, e.getMessage());
        }
    }

    /** The marks beside the self-grade: "heard at 0:42: “fencing token”", null when not heard. */
    static List<String> marks(List<PointsHeard.Heard> heard) {
        List<String> marks = new ArrayList<>();
        for (PointsHeard.Heard h : heard) {
            marks.add(h.heard() ? "heard at " + clockTime(h.atSeconds()) + ": “" + h.keyword() + "”" : null);
        }
        return marks;
    }

    static String clockTime(double seconds) {
        return Countdown.format(Duration.ofMillis((long) Math.floor(seconds * 1000)));
    }

    /** Adds the learner's rating to the kept answer, once they have given it. */
    public void rated(DrillOutcome outcome) {
        if (kept != null) {
            keep(kept.rated(outcome.rating().grade()));
        }
    }

    @Override
    public void abandon() {
        if (recording != null) {
            recording.close();
            try {
                Files.deleteIfExists(recording.file());
            } catch (IOException ignored) {
                // an abandoned recording left behind is only the learner's own
            }
        }
    }

    @Override
    public boolean canPlayBack() {
        return tools.canPlay();
    }

    @Override
    public void playBack() {
        play(tools, archive.audio(card, name));
    }

    /** Plays a kept recording and waits for it to end. */
    public static void play(SpeechTools tools, Path audio) {
        Path player = tools.player().orElseThrow(() -> LockdrillException.usage("No player is installed "
                + "(Debian: apt-get install sox, or alsa-utils for aplay)."));
        try {
            Process process = new ProcessBuilder(player.toString(), "-q", audio.toString())
                    .redirectErrorStream(true).redirectOutput(ProcessBuilder.Redirect.DISCARD).start();
            try {
                if (!process.waitFor(15, TimeUnit.MINUTES)) {
                    process.destroyForcibly();
                }
            } catch (InterruptedException e) {
                process.destroy();
                Thread.currentThread().interrupt();
            }
        } catch (IOException e) {
            throw LockdrillException.usage("Cannot play " + audio.getFileName() + ": " + e.getMessage() + ".");
        }
    }

    private void keep(AnswerArchive.Answer answer) {
        kept = answer;
        try {
            archive.save(answer);
        } catch (IOException e) {
            throw LockdrillException.usage("Cannot keep the answer's transcript: " + e.getMessage() + ".");
        }
    }

    private String source() {
        return given == null ? "microphone" : "file";
    }

    /** The length of a WAV file; a file that is not WAV is refused in one sentence. */
    static Duration length(Path audio) {
        try {
            AudioFileFormat format = AudioSystem.getAudioFileFormat(audio.toFile());
            float rate = format.getFormat().getFrameRate();
            long frames = format.getFrameLength();
            if (frames < 0 || rate <= 0) {
                long bytes = Files.size(audio) - 44;
                int frameSize = Math.max(1, format.getFormat().getFrameSize());
                frames = Math.max(0, bytes / frameSize);
            }
            return Duration.ofMillis(Math.round(frames * 1000.0 / rate));
        } catch (UnsupportedAudioFileException e) {
            throw LockdrillException.usage(audio.getFileName() + " is not a WAV recording lockdrill can read "
                    + "(convert it: sox " + audio.getFileName() + " -r 16000 -c 1 answer.wav).");
        } catch (IOException e) {
            throw LockdrillException.usage("Cannot read " + audio.getFileName() + ": " + e.getMessage() + ".");
        }
    }
}
