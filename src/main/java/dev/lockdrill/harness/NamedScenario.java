package dev.lockdrill.harness;

/**
 * A scripted scenario as a kata's definition refers to it (its contract, its lesson, its lanes): the
 * very object the check process runs, known by its name — the name histories, reports and
 * {@code expect.yaml} show — and one line of what it does.
 */
public interface NamedScenario {
    String name();

    String summary();
}
