package dev.lockdrill.kata.outboxrelay.workload;

/**
 * Thrown on a relay's thread when the check has crashed that relay's process: the thread unwinds
 * (a real process would simply be gone), and the relay's pool hands out no more connections.
 */
final class RelayCrashed extends Error {
    RelayCrashed(String relay) {
        super(relay + "'s process crashed (injected by the check)");
    }
}
