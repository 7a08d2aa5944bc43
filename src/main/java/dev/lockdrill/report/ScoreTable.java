package dev.lockdrill.report;

import com.fasterxml.jackson.core.JacksonException;
import com.fasterxml.jackson.databind.JsonNode;
import dev.lockdrill.support.Json;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.Iterator;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/** The score table of a stored run, read back from its result.json (invariants and figures, you vs reference). */
public final class ScoreTable {
    private final JsonNode result;

    private ScoreTable(JsonNode result) {
        this.result = result;
    }

    /** The table of a result.json, or empty when the file is missing or not a result lockdrill wrote. */
    public static Optional<ScoreTable> read(Path resultJson) {
        try {
            JsonNode node = Json.json().readTree(resultJson.toFile());
            return node != null && node.has("invariants") ? Optional.of(new ScoreTable(node)) : Optional.empty();
        } catch (JacksonException e) {
            return Optional.empty();
        } catch (IOException e) {
            if (!resultJson.toFile().exists()) {
                return Optional.empty();
            }
            throw new UncheckedIOException("cannot read " + resultJson, e);
        }
    }

    public void render(Style style, PrintWriter out) {
        JsonNode reference = result.path("reference");
        boolean compared = reference.isObject();
        JsonNode score = result.path("score");
        out.println(style.bold("Last run") + style.dim(" · " + result.path("at").asText() + " · seed "
                + result.path("seed").asText() + " · " + result.path("status").asText().toUpperCase(Locale.ROOT)
                + " · " + score.path("invariantsPassed").asInt() + "/" + score.path("invariantsTotal").asInt()
                + " invariants (score " + score.path("score").asInt() + ")"));
        out.println(style.bold(String.format(Locale.ROOT, "%-34s %-9s%s", "Invariants", "you",
                compared ? "reference" : "")));
        for (JsonNode invariant : result.path("invariants")) {
            String name = invariant.path("name").asText();
            out.println(String.format(Locale.ROOT, "  %-32s %-9s%s", name, invariant.path("verdict").asText(),
                    compared ? verdictOf(reference, name) : ""));
        }
        JsonNode metrics = result.path("metrics");
        if (!metrics.isEmpty()) {
            out.println(style.bold(String.format(Locale.ROOT, "%-34s %-12s%s", "Metrics", "you",
                    compared ? "reference    ratio" : "")));
            for (Iterator<Map.Entry<String, JsonNode>> it = metrics.fields(); it.hasNext(); ) {
                Map.Entry<String, JsonNode> metric = it.next();
                JsonNode theirs = reference.path("metrics").path(metric.getKey());
                JsonNode ratio = score.path("metricRatios").path(metric.getKey());
                out.println(String.format(Locale.ROOT, "  %-32s %-12s", metric.getKey(), number(metric.getValue()))
                        + (compared ? String.format(Locale.ROOT, "%-12s %s", number(theirs),
                        ratio.isNumber() ? String.format(Locale.ROOT, "%.2f", ratio.asDouble()) : "-") : ""));
            }
        }
        if (!compared) {
            out.println(style.dim("(that run skipped the reference; `lockdrill check " + result.path("kata").asText()
                    + "` without --no-compare fills in its column)"));
        }
    }

    private static String verdictOf(JsonNode reference, String name) {
        for (JsonNode invariant : reference.path("invariants")) {
            if (invariant.path("name").asText().equals(name)) {
                return invariant.path("verdict").asText();
            }
        }
        return "-";
    }

    private static String number(JsonNode value) {
        if (!value.isNumber()) {
            return "-";
        }
        double v = value.asDouble();
        return v >= 100 ? String.format(Locale.ROOT, "%,.0f", v) : String.format(Locale.ROOT, "%.1f", v);
    }
}
