package dev.lockdrill.app;

import dev.lockdrill.catalog.Catalog;
import dev.lockdrill.catalog.Workbook;
import dev.lockdrill.compile.KataCompiler;
import dev.lockdrill.db.BackendSelector;
import dev.lockdrill.db.PostgresBackend;
import dev.lockdrill.progress.StateStore;
import dev.lockdrill.report.RunStore;

import java.time.Clock;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * What lives as long as the process: the workbook, a warm compiler, the PostgreSQL backend once
 * started (kept for the whole REPL session) and the stores. One per process; closed on exit.
 */
public final class AppContext implements AutoCloseable {
    private final Workbook workbook;
    private final Clock clock;
    private final BackendSelector selector;
    private final List<String> notices = new ArrayList<>();
    private KataCompiler compiler;
    private PostgresBackend backend;
    private String backendFlag;

    public AppContext(Workbook workbook, Clock clock, BackendSelector selector) {
        this.workbook = workbook;
        this.clock = clock;
        this.selector = selector;
    }

    public Workbook workbook() {
        return workbook;
    }

    public Clock clock() {
        return clock;
    }

    public Catalog catalog() {
        return new Catalog(workbook, this::notice);
    }

    public BackendSelector selector() {
        return selector;
    }

    public StateStore state() {
        return new StateStore(workbook.stateDir(), clock, this::notice);
    }

    public RunStore runs() {
        return new RunStore(workbook.stateDir().resolve("runs"));
    }

    public synchronized KataCompiler compiler() {
        if (compiler == null) {
            compiler = new KataCompiler();
        }
        return compiler;
    }

    /** The backend for a flag value; started once and reused while the flag stays the same. */
    public synchronized PostgresBackend backend(String flagUrl) {
        if (backend != null && Objects.equals(backendFlag, flagUrl)) {
            return backend;
        }
        closeBackend();
        backend = selector.open(flagUrl);
        backendFlag = flagUrl;
        return backend;
    }

    /** A message for the user, shown after the command (a schema that could not be dropped...). */
    public synchronized void notice(String message) {
        notices.add(message);
    }

    /** Messages for the user that came up along the way (a corrupt file moved aside...), then cleared. */
    public synchronized List<String> drainNotices() {
        List<String> out = List.copyOf(notices);
        notices.clear();
        return out;
    }

    private void closeBackend() {
        if (backend != null) {
            try {
                backend.close();
            } catch (Exception ignored) {
                // the server is going away anyway
            }
            backend = null;
        }
    }

    @Override
    public synchronized void close() {
        closeBackend();
    }
}
