package dev.lockdrill.cli;

import dev.lockdrill.support.ExitCodes;
import org.jline.utils.Signals;

import java.util.concurrent.atomic.AtomicBoolean;

/**
 * What a command says when Ctrl-C stops it: one sentence, said once, whichever way the interrupt
 * arrives. In a one-shot command SIGINT reaches lockdrill itself: while installed, the signal says
 * the sentence and then ends the process with 130, as the JVM's own handler does (the shutdown hooks
 * still stop the check processes, drop the run's schemas and forget the unfinished run). In the
 * REPL, which ignores SIGINT, Ctrl-C reaches only the check processes and the command says the
 * sentence when it sees their interrupted result.
 */
final class InterruptNotice implements AutoCloseable {
    private static final String SIGINT = "INT";
    private final Runnable sentence;
    private final Runnable exit;
    private final AtomicBoolean said = new AtomicBoolean();
    private final Object previous;
    private final boolean installed;

    InterruptNotice(Runnable sentence, Runnable exit, boolean install) {
        this.sentence = sentence;
        this.exit = exit;
        this.installed = install;
        this.previous = install ? Signals.register(SIGINT, this::onSignal) : null;
    }

    /** For {@code session}: installed on SIGINT for a one-shot command, not inside the REPL. */
    static InterruptNotice during(Session session, Runnable sentence) {
        return new InterruptNotice(sentence, () -> System.exit(ExitCodes.INTERRUPTED), session.terminal().isEmpty());
    }

    void onSignal() {
        say();
        exit.run();
    }

    /** Says the sentence unless it was said already. */
    void say() {
        if (said.compareAndSet(false, true)) {
            sentence.run();
        }
    }

    /** Whether the command was interrupted (and has said so). */
    boolean said() {
        return said.get();
    }

    /** Gives SIGINT back to whoever had it before (the JVM's own handler). */
    @Override
    public void close() {
        if (installed && previous != null) {
            Signals.unregister(SIGINT, previous);
        }
    }
}
