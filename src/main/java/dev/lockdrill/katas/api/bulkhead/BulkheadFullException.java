package dev.lockdrill.katas.api.bulkhead;

/** The dependency's bulkhead is full: the call was not made. Callers can tell it from a real failure. */
public final class BulkheadFullException extends RuntimeException {
    public BulkheadFullException(String dependency) {
        super("bulkhead of " + dependency + " is full", null, false, false);
    }
}
