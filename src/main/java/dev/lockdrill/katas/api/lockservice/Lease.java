package dev.lockdrill.katas.api.lockservice;

/**
 * A granted lock: its name, the fencing token of this grant (strictly higher than every earlier
 * grant of the same name), and the holder label of the process that got it.
 */
public record Lease(String name, long token, String holder) {
}
