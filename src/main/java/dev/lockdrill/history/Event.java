package dev.lockdrill.history;

import java.util.List;
import java.util.Map;

/**
 * One line of the stream a check process writes while it runs (JSON lines). The parent assembles
 * them into a {@link History}; progress and error lines drive the terminal.
 */
public sealed interface Event {

    record Invoke(long id, String scenario, String worker, String f, Map<String, Object> args, long t)
            implements Event {
    }

    record Complete(long id, Outcome outcome, Map<String, Object> result, String error, long t)
            implements Event {
    }

    record Fault(String name, String scenario, String target, long start, long end, boolean landed,
                 String description) implements Event {
    }

    record Observed(String name, String scenario, List<Map<String, Object>> rows) implements Event {
    }

    record Progress(String scenario, String message) implements Event {
    }

    /** The harness could not run the implementation at all (no such class, constructor threw...). */
    record Error(String message, String detail) implements Event {
    }

    /** The check process was stopped by a signal (Ctrl-C, a terminal closing, kill): nobody's fault. */
    record Interrupted(String how) implements Event {
    }

    record Done() implements Event {
    }
}
