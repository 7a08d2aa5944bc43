package dev.lockdrill.drill;

import com.fasterxml.jackson.core.JacksonException;
import dev.lockdrill.support.Json;
import dev.lockdrill.support.LockdrillException;
import dev.lockdrill.support.Suggestions;
import dev.lockdrill.support.Text;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;
import java.util.Optional;
import java.util.stream.Stream;

/** The drill cards of a workbook: one YAML file per card in {@code drills/}, sorted by id. */
public final class DrillCatalog {
    private final Path dir;
    private final Consumer<String> notices;

    public DrillCatalog(Path dir) {
        this(dir, notice -> { });
    }

    public DrillCatalog(Path dir, Consumer<String> notices) {
        this.dir = dir;
        this.notices = notices;
    }

    public List<DrillCard> cards() {
        if (!Files.isDirectory(dir)) {
            return List.of();
        }
        Map<String, Path> fileOf = new HashMap<>();
        Map<String, DrillCard> byId = new HashMap<>();
        try (Stream<Path> files = Files.list(dir)) {
            for (Path file : files.filter(f -> f.getFileName().toString().endsWith(".yaml")).sorted().toList()) {
                DrillCard card;
                try {
                    card = read(file);
                } catch (LockdrillException e) {
                    notices.accept("Skipped drill " + file.getFileName() + ": " + e.getMessage());
                    continue;
                }
                Path other = fileOf.get(card.id());
                if (other == null) {
                    fileOf.put(card.id(), file);
                    byId.put(card.id(), card);
                    continue;
                }
                // the card whose file is named after its id is the one `drill ID` opens
                boolean ownsName = file.getFileName().toString().equals(card.id() + ".yaml");
                Path skipped = ownsName ? other : file;
                notices.accept("Skipped drill " + skipped.getFileName() + ": its id '" + Text.literal(card.id())
                        + "' is also the id of " + (ownsName ? file : other).getFileName()
                        + "; give each card an id of its own.");
                if (ownsName) {
                    fileOf.put(card.id(), file);
                    byId.put(card.id(), card);
                }
            }
        } catch (IOException e) {
            throw LockdrillException.usage("Cannot list " + dir + ": " + e.getMessage());
        }
        List<DrillCard> cards = new ArrayList<>(byId.values());
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
        return find(id).orElseThrow(() -> {
            // one sentence: the closest id, else where the list is (48 ids would be a screenful)
            List<String> ids = ids();
            String guess = Suggestions.didYouMean(Text.capped(id, Text.MAX_ECHO), ids);
            return LockdrillException.usage("No drill '" + Text.literal(id) + "'." + (ids.isEmpty()
                    ? " There are no drill cards in " + dir + "." : guess.isEmpty()
                    ? " `lockdrill list` shows the " + ids.size() + " drills." : guess));
        });
    }

    public static DrillCard read(Path file) {
        try {
            DrillCard card = Json.yaml().readValue(file.toFile(), DrillCard.class);
            List<String> missing = new ArrayList<>();
            if (card.id() == null || card.id().isBlank()) {
                missing.add("id");
            }
            if (card.prompt() == null || card.prompt().isBlank()) {
                missing.add("prompt");
            }
            if (card.rubric().isEmpty()) {
                missing.add("rubric");
            }
            if (!missing.isEmpty()) {
                throw LockdrillException.usage(file + " is not a usable drill card: it has no "
                        + String.join(", no ", missing) + ".");
            }
            return card;
        } catch (JacksonException e) {
            throw LockdrillException.usage(file + " is not a valid drill card: " + Text.clause(e.getOriginalMessage()) + ".");
        } catch (IOException e) {
            throw LockdrillException.usage("Cannot read " + file + ": " + e.getMessage());
        }
    }
}
