package dev.lockdrill.catalog;

import com.fasterxml.jackson.core.JacksonException;
import dev.lockdrill.support.ExitCodes;
import dev.lockdrill.support.Json;
import dev.lockdrill.support.LockdrillException;
import dev.lockdrill.support.Suggestions;
import dev.lockdrill.support.Text;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.function.Consumer;
import java.util.stream.Stream;

/** The katas of a workbook, in their order; a kata whose manifest is broken is named and skipped. */
public final class Catalog {
    private final Workbook workbook;
    private final Consumer<String> notices;

    public Catalog(Workbook workbook) {
        this(workbook, notice -> { });
    }

    public Catalog(Workbook workbook, Consumer<String> notices) {
        this.workbook = workbook;
        this.notices = notices;
    }

    public List<KataManifest> katas() {
        List<KataManifest> katas = new ArrayList<>();
        try (Stream<Path> dirs = Files.list(workbook.katas())) {
            for (Path dir : dirs.filter(d -> Files.isRegularFile(d.resolve("kata.yaml"))).toList()) {
                try {
                    katas.add(read(dir.resolve("kata.yaml")));
                } catch (LockdrillException e) {
                    notices.accept("Skipped kata " + dir.getFileName() + ": " + e.getMessage());
                }
            }
        } catch (IOException e) {
            throw new LockdrillException("Cannot list " + workbook.katas() + ": " + e.getMessage(), ExitCodes.USAGE);
        }
        katas.sort(Comparator.comparingInt(KataManifest::order).thenComparing(KataManifest::id));
        return katas;
    }

    public List<String> ids() {
        return katas().stream().map(KataManifest::id).toList();
    }

    public KataManifest kata(String id) {
        Path manifest = workbook.kata(id).resolve("kata.yaml");
        if (!Files.isRegularFile(manifest)) {
            List<String> known = ids();
            String guess = Suggestions.didYouMean(id, known);
            String shown = Text.literal(id);
            boolean plausible = shown.equals(id) && id.indexOf(' ') < 0;
            throw LockdrillException.usage("No kata '" + shown + "'." + (guess.isEmpty() ? " Known katas: "
                    + String.join(", ", known) + "." + (plausible ? " (If you deleted its folder, `reset " + id
                    + "` restores it.)" : "") : guess));
        }
        return read(manifest);
    }

    private static KataManifest read(Path manifest) {
        try {
            KataManifest kata = Json.yaml().readValue(manifest.toFile(), KataManifest.class);
            if (kata.id() == null || kata.id().isBlank()) {
                throw LockdrillException.usage(manifest + " has no id; add `id: " + manifest.getParent().getFileName()
                        + "`, or `lockdrill reset` restores the original.");
            }
            if (kata.implementation() == null || kata.implementation().isBlank()) {
                throw LockdrillException.usage(manifest + " names no implementation class; add `implementation: "
                        + "<package>.<Class>` (the class the check loads), or `lockdrill reset " + kata.id()
                        + "` restores the original.");
            }
            return kata;
        } catch (JacksonException e) {
            throw LockdrillException.usage(manifest + " is not a valid kata manifest: "
                    + Text.clause(e.getOriginalMessage()) + ". `lockdrill reset` restores the original.");
        } catch (IOException e) {
            throw LockdrillException.usage("Cannot read " + manifest + ": " + e.getMessage());
        }
    }
}
