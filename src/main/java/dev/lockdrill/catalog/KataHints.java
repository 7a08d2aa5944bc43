package dev.lockdrill.catalog;

import com.fasterxml.jackson.core.JacksonException;
import dev.lockdrill.support.ExitCodes;
import dev.lockdrill.support.Json;
import dev.lockdrill.support.LockdrillException;
import dev.lockdrill.support.Text;

import java.io.IOException;
import java.io.InputStream;
import java.util.List;
import java.util.regex.Pattern;

/**
 * The progressive hints of each kata, shipped inside lockdrill ({@value #FOLDER}{@code <id>.yaml} on
 * its class path) rather than in {@code katas/<id>/} beside the code the learner edits: the last
 * hint is close to the answer, and `lockdrill hint` reveals them one at a time and records how many
 * were used.
 */
public final class KataHints {
    static final String FOLDER = "dev/lockdrill/hints/";
    private static final Pattern ID = Pattern.compile("[a-z0-9][a-z0-9-]*");

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
        String resource = FOLDER + kataId + ".yaml";
        try (InputStream in = KataHints.class.getClassLoader().getResourceAsStream(resource)) {
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
