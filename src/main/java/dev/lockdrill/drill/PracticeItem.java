package dev.lockdrill.drill;

/** One step of a practice session: a drill card or a kata, with the time set aside for it and why it is there. */
public record PracticeItem(Kind kind, String id, String title, int seconds, String why) {
    public enum Kind { DRILL, KATA }
}
