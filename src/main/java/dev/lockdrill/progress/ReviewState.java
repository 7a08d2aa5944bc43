package dev.lockdrill.progress;

/** Where a drill card is in FSRS's state machine. */
public enum ReviewState {
    NEW, LEARNING, REVIEW, RELEARNING
}
