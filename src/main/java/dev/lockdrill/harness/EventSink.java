package dev.lockdrill.harness;

import dev.lockdrill.history.Event;
import dev.lockdrill.history.EventCodec;

import java.io.PrintStream;

/** Writes events as JSON lines, one whole line at a time, from any thread. */
public final class EventSink {
    private final PrintStream out;

    public EventSink(PrintStream out) {
        this.out = out;
    }

    public synchronized void emit(Event event) {
        out.println(EventCodec.encode(event));
        out.flush();
    }
}
