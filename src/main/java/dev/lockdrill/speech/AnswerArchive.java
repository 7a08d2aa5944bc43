package dev.lockdrill.speech;

import com.fasterxml.jackson.core.type.TypeReference;
import dev.lockdrill.support.Json;
import dev.lockdrill.support.PrivateFiles;

import java.io.IOException;
import java.nio.file.FileSystems;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.List;
import java.util.Optional;
import java.util.regex.Pattern;

/**
 * Spoken answers kept in the workbook: {@code .lockdrill/answers/<card>/<time>.wav} and, beside it,
 * {@code <time>.json} with its transcript and the rubric points heard. Both readable by their owner
 * only (0600, in 0700 folders): a recording of one's voice is personal.
 */
public final class AnswerArchive {
    private static final DateTimeFormatter STAMP = DateTimeFormatter.ofPattern("yyyyMMdd'T'HHmmss'Z'")
            .withZone(ZoneOffset.UTC);
    private static final Pattern NAME = Pattern.compile("\\d{8}T\\d{6}Z(-\\d+)?");
    private final Path root;

    public AnswerArchive(Path stateDir) {
        this.root = stateDir.resolve("answers");
    }

    /** A kept answer: the card, when, where the audio came from, how long, what was heard and the rating given. */
    public record Answer(String card, String at, String name, String source, long answerSeconds, String transcript,
                         List<Transcript.Word> words, List<PointsHeard.Heard> heard, int rubricPoints,
                         Integer rating) {
        public Answer {
            words = words == null ? List.of() : List.copyOf(words);
            heard = heard == null ? List.of() : List.copyOf(heard);
        }

        public long pointsHeard() {
            return heard.stream().filter(PointsHeard.Heard::heard).count();
        }

        public Answer rated(int grade) {
            return new Answer(card, at, name, source, answerSeconds, transcript, words, heard, rubricPoints, grade);
        }
    }

    /** A new name for an answer to {@code card} at {@code now}, and its folder created. */
    public String newName(String card, Instant now) throws IOException {
        Path dir = folder(card);
        String base = STAMP.format(now);
        String name = base;
        for (int n = 2; Files.exists(dir.resolve(name + ".wav")) || Files.exists(dir.resolve(name + ".json")); n++) {
            name = base + "-" + n;
        }
        return name;
    }

    public Path audio(String card, String name) {
        return root.resolve(card).resolve(name + ".wav");
    }

    /** Keeps a copy of a recording made elsewhere ({@code drill --answer-audio}) as this answer's audio. */
    public Path keepCopy(Path source, String card, String name) throws IOException {
        Path target = audio(card, name);
        privateFile(target);
        try (var in = Files.newInputStream(source); var out = Files.newOutputStream(target)) {
            in.transferTo(out);
        }
        return target;
    }

    /** Writes the answer's record beside its audio (atomically, 0600). */
    public void save(Answer answer) throws IOException {
        Path dir = folder(answer.card());
        Path temp = Files.createTempFile(dir, answer.name(), ".tmp");
        PrivateFiles.ensure(temp);
        Json.json().writerWithDefaultPrettyPrinter().writeValue(temp.toFile(), answer);
        Files.move(temp, dir.resolve(answer.name() + ".json"), StandardCopyOption.REPLACE_EXISTING,
                StandardCopyOption.ATOMIC_MOVE);
    }

    /** The answer kept under {@code name}, if its record is there and readable. */
    public Optional<Answer> read(String card, String name) {
        if (!NAME.matcher(name).matches()) {
            return Optional.empty();
        }
        Path file = root.resolve(card).resolve(name + ".json");
        try {
            return Files.isRegularFile(file) ? Optional.of(Json.json().readValue(file.toFile(),
                    new TypeReference<Answer>() { })) : Optional.empty();
        } catch (IOException e) {
            return Optional.empty();
        }
    }

    private Path folder(String card) throws IOException {
        Path dir = root.resolve(card);
        if (!Files.isDirectory(dir)) {
            Files.createDirectories(dir);
            if (FileSystems.getDefault().supportedFileAttributeViews().contains("posix")) {
                Files.setPosixFilePermissions(root, PosixFilePermissions.fromString("rwx------"));
                Files.setPosixFilePermissions(dir, PosixFilePermissions.fromString("rwx------"));
            }
        }
        return dir;
    }

    /** Creates {@code file} (and its folders) readable by its owner only, before anything is written to it. */
    static void privateFile(Path file) throws IOException {
        Files.createDirectories(file.getParent());
        PrivateFiles.ensure(file);
    }
}
