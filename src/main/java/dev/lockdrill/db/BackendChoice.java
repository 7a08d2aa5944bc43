package dev.lockdrill.db;

/** Which provisioning path would be used and why, without starting anything (for doctor). */
public record BackendChoice(String source, String reason, boolean available) {
}
