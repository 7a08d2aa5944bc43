package dev.lockdrill.drill;

import com.fasterxml.jackson.core.JacksonException;
import dev.lockdrill.support.Json;
import dev.lockdrill.support.LockdrillException;
import dev.lockdrill.support.Suggestions;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import java.util.stream.Stream;

/** The drill cards of a workbook: one YAML file per card in {@code drills/}, sorted by id. */
public final class DrillCatalog {
    private final Path dir;

    public DrillCatalog(Path dir) {
        this.dir = dir;
    }

    public List<DrillCard> cards() {
        if (!Files.isDirectory(dir)) {
            return List.of();
        }
        List<DrillCard> cards = new ArrayList<>();
        try (Stream<Path> files = Files.list(dir)) {
            for (Path file : files.filter(f -> f.getFileName().toString().endsWith(".yaml")).sorted().toList()) {
                cards.add(read(file));
            }
        } catch (IOException e) {
            throw LockdrillException.usage("Cannot list " + dir + ": " + e.getMessage());
        }
        cards.sort(Comparator.comparing(DrillCard::id));
        return cards;
    }

    public List<String> ids() {
        return cards().stream().map(DrillCard::id).toList();
    }

    public Optional<DrillCard> find(String id) {
        Path file = dir.resolve(id + ".yaml");
        return Files.isRegularFile(file) ? Optional.of(read(file)) : Optional.empty();
    }

    public DrillCard card(String id) {
        return find(id).orElseThrow(() -> LockdrillException.usage("No drill '" + id + "'."
                + Suggestions.didYouMean(id, cards().stream().map(c -> c.id()).toList()) + " Known drills: "
                + String.join(", ", ids()) + "."));
    }

    public static DrillCard read(Path file) {
        try {
            return Json.yaml().readValue(file.toFile(), DrillCard.class);
        } catch (JacksonException e) {
            throw LockdrillException.usage(file + " is not a valid drill card: " + e.getOriginalMessage() + ".");
        } catch (IOException e) {
            throw LockdrillException.usage("Cannot read " + file + ": " + e.getMessage());
        }
    }
}
