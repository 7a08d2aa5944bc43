package dev.lockdrill.cli;

/** Asks the user a question and returns the answer line (null when there is no one to ask). */
@FunctionalInterface
public interface Prompter {
    String ask(String question);
}
