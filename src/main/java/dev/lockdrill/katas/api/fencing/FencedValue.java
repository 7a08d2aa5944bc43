package dev.lockdrill.katas.api.fencing;

/** A stored value and the token of the write that stored it. */
public record FencedValue(String value, long token) {
}
