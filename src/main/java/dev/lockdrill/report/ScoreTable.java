package dev.lockdrill.report;

import com.fasterxml.jackson.core.JacksonException;
import com.fasterxml.jackson.databind.JsonNode;
import dev.lockdrill.support.Columns;
import dev.lockdrill.support.Json;
import dev.lockdrill.support.Text;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
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
        render(style, Text.DEFAULT_WIDTH, out);
    }

    /** The table in {@code width} columns. */
    public void render(Style style, int width, PrintWriter out) {
        JsonNode reference = result.path("reference");
        boolean compared = reference.isObject();
        JsonNode score = result.path("score");
        Text.wrap(style.bold("Last run") + " · " + result.path("at").asText() + " · seed "
                + result.path("seed").asText() + " · " + result.path("status").asText().toUpperCase(Locale.ROOT)
                + " · " + score.path("invariantsPassed").asInt() + "/"
                + Text.count(score.path("invariantsTotal").asInt(), "invariant") + " (score "
                + score.path("score").asInt() + ")", width, "", "  ").forEach(out::println);
        List<List<String>> rows = new ArrayList<>();
        rows.add(compared ? List.of("Invariants", "you", "reference") : List.of("Invariants", "you"));
        for (JsonNode invariant : result.path("invariants")) {
            String name = invariant.path("name").asText();
            String mine = invariant.path("verdict").asText().replace('_', ' ');
            rows.add(compared ? List.of("  " + name, mine, verdictOf(reference, name).replace('_', ' '))
                    : List.of("  " + name, mine));
        }
        table(rows, style, width, out);
        JsonNode metrics = result.path("metrics");
        if (!metrics.isEmpty()) {
            List<List<String>> figures = new ArrayList<>();
            figures.add(compared ? List.of("Metrics", "you", "reference", "ratio") : List.of("Metrics", "you"));
            for (Iterator<Map.Entry<String, JsonNode>> it = metrics.fields(); it.hasNext(); ) {
                Map.Entry<String, JsonNode> metric = it.next();
                JsonNode theirs = reference.path("metrics").path(metric.getKey());
                JsonNode ratio = score.path("metricRatios").path(metric.getKey());
                figures.add(compared ? List.of("  " + metric.getKey(), number(metric.getValue()), number(theirs),
                        ratio.isNumber() ? String.format(Locale.ROOT, "%.2f", ratio.asDouble()) : "-")
                        : List.of("  " + metric.getKey(), number(metric.getValue())));
            }
            table(figures, style, width, out);
        }
        if (!compared) {
            Text.wrap("(that run skipped the reference; `lockdrill check " + result.path("kata").asText()
                    + "` without --no-compare fills in its column)", width, "").forEach(l -> out.println(style.dim(l)));
        }
    }

    private static void table(List<List<String>> rows, Style style, int width, PrintWriter out) {
        Columns columns = Columns.fit(rows, width, "", 0, 20);
        for (int i = 0; i < rows.size(); i++) {
            List<String> row = new ArrayList<>(rows.get(i));
            row.set(0, Text.fit(row.get(0), columns.width(0)));
            boolean header = i == 0;
            columns.render(row).forEach(line -> out.println(header ? style.bold(line) : line));
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
