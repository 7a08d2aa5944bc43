package dev.lockdrill.progress;

import com.fasterxml.jackson.databind.JsonNode;
import dev.lockdrill.support.Text;

import java.time.Instant;
import java.time.format.DateTimeParseException;
import java.util.Iterator;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * What makes a parsed {@code state.json} unusable though it is valid JSON: an entry that is null or
 * not an object, a kata status lockdrill never writes, a negative count, a time that is no
 * ISO-8601 instant. Each is said as one clause naming the entry, so the file can be moved aside
 * with a reason rather than fail later with a {@code NullPointerException}.
 */
final class StateProblems {
    private static final Set<String> STATUSES = Set.of(KataProgress.NOT_STARTED, KataProgress.ATTEMPTED,
            KataProgress.PASSED);

    private StateProblems() {
    }

    static Optional<String> of(JsonNode tree) {
        if (!tree.isObject()) {
            return Optional.of("it holds " + tree.getNodeType().toString().toLowerCase() + ", not an object");
        }
        Optional<String> katas = entries(tree, "katas", "kata", StateProblems::kata);
        return katas.isPresent() ? katas : entries(tree, "drills", "drill", StateProblems::drill);
    }

    private interface EntryCheck {
        Optional<String> check(String where, JsonNode entry);
    }

    private static Optional<String> entries(JsonNode tree, String field, String noun, EntryCheck check) {
        JsonNode all = tree.get(field);
        if (all == null || all.isNull()) {
            return Optional.empty();
        }
        if (!all.isObject()) {
            return Optional.of("\"" + field + "\" is not an object");
        }
        for (Iterator<Map.Entry<String, JsonNode>> it = all.fields(); it.hasNext(); ) {
            Map.Entry<String, JsonNode> entry = it.next();
            String where = "the entry for " + noun + " '" + Text.literal(entry.getKey()) + "'";
            if (!entry.getValue().isObject()) {
                return Optional.of(where + " is " + (entry.getValue().isNull() ? "null" : "not an object"));
            }
            Optional<String> problem = check.check(where, entry.getValue());
            if (problem.isPresent()) {
                return problem;
            }
        }
        return Optional.empty();
    }

    private static Optional<String> kata(String where, JsonNode kata) {
        JsonNode status = kata.get("status");
        if (status != null && !status.isNull() && !STATUSES.contains(status.asText())) {
            return Optional.of(where + " has status '" + Text.literal(status.asText()) + "', which is none of "
                    + String.join(", ", STATUSES.stream().sorted().toList()));
        }
        for (String count : new String[]{"attempts", "hintsUsed"}) {
            if (kata.path(count).asInt(0) < 0) {
                return Optional.of(where + " has " + count + " " + kata.get(count).asText() + ", below zero");
            }
        }
        return instant(where, kata, "lastRunAt");
    }

    private static Optional<String> drill(String where, JsonNode drill) {
        JsonNode schedule = drill.get("schedule");
        if (schedule == null || schedule.isNull()) {
            return Optional.empty();
        }
        Optional<String> due = instant("the schedule in " + where, schedule, "due");
        return due.isPresent() ? due : instant("the schedule in " + where, schedule, "lastReview");
    }

    private static Optional<String> instant(String where, JsonNode node, String field) {
        JsonNode value = node.get(field);
        if (value == null || value.isNull()) {
            return Optional.empty();
        }
        try {
            Instant.parse(value.asText());
            return Optional.empty();
        } catch (DateTimeParseException e) {
            return Optional.of(where + " has " + field + " '" + Text.literal(value.asText()) + "', which is no time");
        }
    }
}
