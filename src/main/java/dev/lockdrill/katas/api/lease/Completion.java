package dev.lockdrill.katas.api.lease;

/** How a claimed row ends: stored as state {@code done} or {@code failed}. */
public enum Completion {
    DONE("done"), FAILED("failed");

    private final String state;

    Completion(String state) {
        this.state = state;
    }

    /** The value of the {@code state} column for this outcome. */
    public String state() {
        return state;
    }
}
