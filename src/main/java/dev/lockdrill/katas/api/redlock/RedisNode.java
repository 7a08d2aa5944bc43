package dev.lockdrill.katas.api.redlock;

/** One independent Redis master of the five: its name (A…E) and where to connect. */
public record RedisNode(String name, String host, int port) {
}
