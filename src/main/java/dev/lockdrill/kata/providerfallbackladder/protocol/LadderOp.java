package dev.lockdrill.kata.providerfallbackladder.protocol;

import dev.lockdrill.history.OpType;

/** The operations a ladder history holds: the jobs handed to the learner's client, and the provider calls it made. */
public enum LadderOp implements OpType {
    /** {@code complete(job)} on one worker; args {@link JobRun}, result {@link JobAnswer}. */
    JOB("job"),
    /** One call of a fake provider, recorded by the provider itself; args {@link ProviderCall}, result {@link CallReply}. */
    CALL("call");

    private final String label;

    LadderOp(String label) {
        this.label = label;
    }

    @Override
    public String label() {
        return label;
    }
}
