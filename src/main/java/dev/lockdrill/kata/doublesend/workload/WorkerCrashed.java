package dev.lockdrill.kata.doublesend.workload;

/** Thrown into a worker's thread when the harness kills its "process": nothing after it may run. */
final class WorkerCrashed extends Error {
    WorkerCrashed(String worker) {
        super(worker + " crashed (injected by the harness)");
    }
}
