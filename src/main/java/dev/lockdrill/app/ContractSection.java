package dev.lockdrill.app;

import dev.lockdrill.kata.Clause;
import dev.lockdrill.kata.Contract;

import java.util.ArrayList;
import java.util.List;
import java.util.stream.Collectors;

/**
 * A kata's {@code ## Contract} section in Markdown, as {@code dev update} writes it into the README:
 * the intro, then one bullet per clause with the invariants that judge it and the scenarios that
 * exercise it. Lines are wrapped at {@link #WIDTH} columns like the hand-written parts of a README;
 * a code span is never split, so a reader of the raw file sees it whole.
 */
final class ContractSection {
    static final String HEADING = "## Contract";
    static final int WIDTH = 100;

    private ContractSection() {
    }

    /** The section for a kata whose scripted scenarios are {@code scenarios}: a clause naming them all says "all". */
    static String markdown(Contract contract, List<String> scenarios) {
        StringBuilder out = new StringBuilder(HEADING).append("\n\n");
        if (!contract.intro().isBlank()) {
            wrap(contract.intro(), "", "").forEach(line -> out.append(line).append('\n'));
            out.append('\n');
        }
        for (Clause clause : contract.clauses()) {
            wrap(bullet(clause, scenarios), "- ", "  ").forEach(line -> out.append(line).append('\n'));
        }
        return out.append('\n').toString();
    }

    private static String bullet(Clause clause, List<String> scenarios) {
        String head = clause.title().isEmpty() ? "**" + clause.id() + "**"
                : "**" + clause.id() + " — " + clause.title() + ".**";
        StringBuilder text = new StringBuilder(head).append(' ').append(clause.text().strip());
        text.append(" *Judged by* ").append(clause.invariantNames().stream().map(name -> "`" + name + "`")
                .collect(Collectors.joining(", "))).append('.');
        text.append(" *Scenarios:* ").append(scenarios(clause.scenarioNames(), scenarios)).append('.');
        if (!clause.note().isEmpty()) {
            text.append(' ').append(clause.note().strip());
        }
        return text.toString();
    }

    /** The clause's scenarios, or "all" (or "all but x") when it names every scenario of the kata (but one). */
    private static String scenarios(List<String> named, List<String> all) {
        List<String> missing = all.stream().filter(scenario -> !named.contains(scenario)).toList();
        if (named.size() > 2 && missing.isEmpty()) {
            return "all";
        }
        if (named.size() > 4 && missing.size() == 1 && all.containsAll(named)) {
            return "all but " + missing.get(0);
        }
        return String.join(", ", named);
    }

    /** Greedy wrap at {@link #WIDTH}; spaces inside a code span do not break. */
    static List<String> wrap(String text, String first, String hanging) {
        List<String> lines = new ArrayList<>();
        StringBuilder line = new StringBuilder(first);
        boolean empty = true;
        for (String word : words(text)) {
            int length = word.codePointCount(0, word.length());
            if (!empty && line.codePointCount(0, line.length()) + 1 + length > WIDTH) {
                lines.add(line.toString());
                line = new StringBuilder(hanging);
                empty = true;
            }
            if (!empty) {
                line.append(' ');
            }
            line.append(word);
            empty = false;
        }
        lines.add(line.toString());
        return lines;
    }

    private static List<String> words(String text) {
        List<String> words = new ArrayList<>();
        StringBuilder word = new StringBuilder();
        boolean inCode = false;
        for (char c : text.strip().toCharArray()) {
            if (c == '`') {
                inCode = !inCode;
            }
            if (Character.isWhitespace(c) && !inCode) {
                if (word.length() > 0) {
                    words.add(word.toString());
                    word.setLength(0);
                }
            } else {
                word.append(Character.isWhitespace(c) ? ' ' : c);
            }
        }
        if (word.length() > 0) {
            words.add(word.toString());
        }
        return words;
    }
}
