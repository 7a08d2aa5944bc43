package dev.lockdrill.drill;

import java.util.List;

/**
 * An interview question to answer aloud (or typed) under a timer, from {@code drills/<id>.yaml}:
 * the prompt, follow-ups an interviewer would ask, the rubric the learner grades themselves by,
 * the spoken core of the answer ({@code core}: what to say within the time limit), the rest of the
 * model answer (what to add if pressed), primary sources, the katas where the idea is practised in code, the teaching
 * rules ({@code drills/rules/rules.yaml}) it states, which the katas teaching the same rule must agree with,
 * and the labs that measure it ({@code lockdrill lab <id>}).
 */
public record DrillCard(String id, String title, String kind, String prompt, List<String> followUps,
                        int timeLimitSeconds, List<RubricPoint> rubric, String modelAnswer, List<String> sources,
                        List<String> relatedKatas, List<String> rules, List<String> labs, String core) {
    public static final List<String> KINDS = List.of("spoken", "design", "concept");
    public static final int DEFAULT_SECONDS = 120;
    /** The speaking rate a spoken core is measured at: an unhurried interview answer. */
    public static final int WORDS_PER_MINUTE = 150;

    public DrillCard {
        followUps = followUps == null ? List.of() : List.copyOf(followUps);
        rubric = rubric == null ? List.of() : List.copyOf(rubric);
        sources = sources == null ? List.of() : List.copyOf(sources);
        relatedKatas = relatedKatas == null ? List.of() : List.copyOf(relatedKatas);
        rules = rules == null ? List.of() : List.copyOf(rules);
        labs = labs == null ? List.of() : List.copyOf(labs);
        if (timeLimitSeconds <= 0) {
            timeLimitSeconds = DEFAULT_SECONDS;
        }
    }

    /** A card without rules or labs. */
    public DrillCard(String id, String title, String kind, String prompt, List<String> followUps,
                     int timeLimitSeconds, List<RubricPoint> rubric, String modelAnswer, List<String> sources,
                     List<String> relatedKatas) {
        this(id, title, kind, prompt, followUps, timeLimitSeconds, rubric, modelAnswer, sources, relatedKatas, null,
                null, null);
    }

    /** A card without labs. */
    public DrillCard(String id, String title, String kind, String prompt, List<String> followUps,
                     int timeLimitSeconds, List<RubricPoint> rubric, String modelAnswer, List<String> sources,
                     List<String> relatedKatas, List<String> rules) {
        this(id, title, kind, prompt, followUps, timeLimitSeconds, rubric, modelAnswer, sources, relatedKatas, rules,
                null, null);
    }

    /** The words of the spoken core (0 without one). */
    public int coreWords() {
        return words(core);
    }

    /** The most words the spoken core may have to be said within the time limit at {@link #WORDS_PER_MINUTE}. */
    public int coreWordBudget() {
        return timeLimitSeconds * WORDS_PER_MINUTE / 60;
    }

    /** Seconds the spoken core takes at {@link #WORDS_PER_MINUTE}, rounded up. */
    public int coreSeconds() {
        return (coreWords() * 60 + WORDS_PER_MINUTE - 1) / WORDS_PER_MINUTE;
    }

    static int words(String text) {
        return text == null || text.isBlank() ? 0 : text.strip().split("\\s+").length;
    }

    public int totalWeight() {
        return rubric.stream().mapToInt(RubricPoint::weight).sum();
    }
}
