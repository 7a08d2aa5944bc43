package dev.lockdrill.drill;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;

/**
 * The rules every drill card follows; returns one sentence per problem (empty when the card is fine).
 * Every rubric point names the primary source it rests on, so a claim on a card can be checked, and
 * the spoken core can be said within the card's time limit at {@link DrillCard#WORDS_PER_MINUTE}.
 */
public final class CardValidator {
    static final int MIN_RUBRIC_POINTS = 3;
    private final Set<String> knownKatas;

    public CardValidator(Set<String> knownKatas) {
        this.knownKatas = Set.copyOf(knownKatas);
    }

    public List<String> problems(DrillCard card, String fileName) {
        List<String> problems = new ArrayList<>();
        String where = fileName + ": ";
        if (blank(card.id())) {
            problems.add(where + "no id");
        } else if (!fileName.equals(card.id() + ".yaml")) {
            problems.add(where + "id '" + card.id() + "' does not match the file name");
        }
        requireText(problems, where, "title", card.title());
        requireText(problems, where, "prompt", card.prompt());
        requireText(problems, where, "core", card.core());
        requireText(problems, where, "modelAnswer", card.modelAnswer());
        if (card.coreWords() > card.coreWordBudget()) {
            problems.add(where + "the spoken core has " + card.coreWords() + " words, about " + card.coreSeconds()
                    + " s at " + DrillCard.WORDS_PER_MINUTE + " words a minute; the time limit of "
                    + card.timeLimitSeconds() + " s allows " + card.coreWordBudget());
        }
        if (!DrillCard.KINDS.contains(card.kind())) {
            problems.add(where + "kind '" + card.kind() + "' is not one of " + DrillCard.KINDS);
        }
        if (card.rubric().size() < MIN_RUBRIC_POINTS) {
            problems.add(where + "needs at least " + MIN_RUBRIC_POINTS + " rubric points, has " + card.rubric().size());
        }
        for (RubricPoint point : card.rubric()) {
            if (blank(point.point())) {
                problems.add(where + "a rubric point has no text");
            }
            if (point.weight() <= 0) {
                problems.add(where + "rubric point '" + point.point() + "' has weight " + point.weight());
            }
            if (point.keywords().isEmpty()) {
                problems.add(where + "rubric point '" + point.point() + "' has no keywords");
            }
            if (point.sources().isEmpty()) {
                problems.add(where + "rubric point '" + point.point() + "' names no source");
            }
            for (int source : point.sources()) {
                if (source < 1 || source > card.sources().size()) {
                    problems.add(where + "rubric point '" + point.point() + "' cites source " + source
                            + ", the card lists " + card.sources().size());
                }
            }
        }
        if (card.sources().isEmpty() || card.sources().stream().anyMatch(CardValidator::blank)) {
            problems.add(where + "needs sources");
        }
        for (String kata : card.relatedKatas()) {
            if (!knownKatas.contains(kata)) {
                problems.add(where + "related kata '" + kata + "' does not exist");
            }
        }
        return problems;
    }

    private static void requireText(List<String> problems, String where, String field, String value) {
        if (blank(value)) {
            problems.add(where + "no " + field);
        }
    }

    private static boolean blank(String s) {
        return s == null || s.isBlank();
    }
}
