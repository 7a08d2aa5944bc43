package dev.lockdrill.katas.api.ladder;

/**
 * One job to complete. {@code id} is assigned by whoever submits it (the harness, in the check);
 * pass the job itself to {@link Provider#call}, unchanged.
 */
public record Job(String id, String prompt) {
}
