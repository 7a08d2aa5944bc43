package dev.lockdrill.history;

/**
 * A scripted scenario as a kata's definition refers to it (its contract, its lesson, its lanes): the
 * very object the check process runs, known by the name every op and fault of it carries in the
 * history ({@link Op#scenario()}), which reports and {@code expect.yaml} show, and one line of what
 * it does. It lives with the history because both JVMs know scenarios by that name.
 */
public interface NamedScenario {
    String name();

    String summary();
}
