package dev.lockdrill.catalog;

import com.fasterxml.jackson.core.JacksonException;
import dev.lockdrill.support.ExitCodes;
import dev.lockdrill.support.Json;
import dev.lockdrill.support.LockdrillException;
import dev.lockdrill.support.Text;

import java.io.IOException;
import java.io.InputStream;
import java.util.List;
import java.util.Optional;
import java.util.function.Function;
import java.util.regex.Pattern;

/**
 * The progressive hints of each kata, shipped inside lockdrill ({@value #FILE} in the package of the
 * kata's definition, so a new kata brings them in its own folder) rather than in {@code katas/<id>/}
 * beside the code the learner edits: the last hint is close to the answer, and `lockdrill hint`
 * reveals them one at a time and records how many were used.
 */
public final class KataHints {
    public static final String FILE = "hints.yaml";
    private static final Pattern ID = Pattern.compile("[a-z0-9][a-z0-9-]*");

    /** The class whose package holds a kata's {@value #FILE}: its definition; empty for no kata. */
    private final Function<String, Optional<Class<?>>> definitions;

    public KataHints(Function<String, Optional<Class<?>>> definitions) {
        this.definitions = definitions;
    }

    private record Shipped(List<String> hints) {
        Shipped {
            hints = hints == null ? List.of() : List.copyOf(hints);
        }
    }

    /** The kata's hints, in the order they are revealed; none when lockdrill ships none for it. */
    public List<String> of(String kataId) {
        if (kataId == null || !ID.matcher(kataId).matches()) {
            return List.of();
        }
        Optional<Class<?>> definition = definitions.apply(kataId);
        if (definition.isEmpty()) {
            return List.of();
        }
        String resource = definition.get().getPackageName().replace('.', '/') + "/" + FILE;
        try (InputStream in = definition.get().getClassLoader().getResourceAsStream(resource)) {
            if (in == null) {
                return List.of();
            }
            return Json.yaml().readValue(in, Shipped.class).hints();
        } catch (JacksonException e) {
            throw new LockdrillException("The hints of kata " + kataId + " that came with lockdrill (" + resource
                    + ") are not valid: " + Text.clause(e.getOriginalMessage()) + ". Rebuild lockdrill.",
                    ExitCodes.INTERNAL);
        } catch (IOException e) {
            throw new LockdrillException("Cannot read the hints of kata " + kataId + " that came with lockdrill ("
                    + resource + "): " + e.getMessage() + ".", ExitCodes.INTERNAL);
        }
    }
}
