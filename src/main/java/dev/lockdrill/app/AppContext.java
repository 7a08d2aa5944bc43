package dev.lockdrill.app;

import dev.lockdrill.catalog.Catalog;
import dev.lockdrill.catalog.Workbook;
import dev.lockdrill.compile.KataCompiler;
import dev.lockdrill.db.BackendSelector;
import dev.lockdrill.db.BackendSettingsStore;
import dev.lockdrill.db.JdbcUrls;
import dev.lockdrill.db.PostgresBackend;
import dev.lockdrill.progress.StateStore;
import dev.lockdrill.report.RunStore;
import dev.lockdrill.speech.SpeechTools;

import java.time.Clock;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Objects;
import java.util.Set;

/**
 * What lives as long as the process: the workbook, a warm compiler, the PostgreSQL backend once
 * started (kept for the whole REPL session) and the stores. One per process; closed on exit.
 */
public final class AppContext implements AutoCloseable {
    private final Workbook workbook;
    private final Clock clock;
    private final BackendSelector environment;
    private BackendSelector selector;
    private String sessionUrl;
    private final List<String> notices = new ArrayList<>();
    private KataCompiler compiler;
    private PostgresBackend backend;
    private String backendFlag;
    private SpeechTools speechTools;
    private final Set<String> saidOnce = new HashSet<>();

    public AppContext(Workbook workbook, Clock clock, BackendSelector selector) {
        this.workbook = workbook;
        this.clock = clock;
        this.environment = selector;
        dev.lockdrill.support.PrivateFiles.closeFolder(workbook.stateDir());
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

    /** The backend order for this process: the environment, the workbook's settings, the shell's choice. */
    public synchronized BackendSelector selector() {
        if (selector == null) {
            selector = environment.with(settings().read(), sessionUrl);
        }
        return selector;
    }

    public BackendSettingsStore settings() {
        return new BackendSettingsStore(workbook.stateDir(), notices::add);
    }

    /**
     * Uses this URL for the rest of the process and saves it, without its password, for later
     * sessions; null goes back to the automatic order and forgets the saved URL. Returns the URL
     * as saved (null when none).
     */
    public synchronized String chooseBackend(String url) {
        String normalized = url == null ? null : JdbcUrls.normalize(url);
        String stored = normalized == null ? null : JdbcUrls.withoutSecrets(normalized);
        BackendSettingsStore store = settings();
        store.write(store.read().withJdbcUrl(stored));
        sessionUrl = normalized;
        selector = null;
        closeBackend();
        return stored;
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
        backend = selector().open(flagUrl);
        backendFlag = flagUrl;
        return backend;
    }

    /** The recorder, player and recognizer this machine has (looked up once per process). */
    public synchronized SpeechTools speechTools() {
        if (speechTools == null) {
            speechTools = SpeechTools.detect(System.getenv());
        }
        return speechTools;
    }

    /** Uses these speech tools instead of the machine's (tests; a machine whose devices must not be used). */
    public synchronized AppContext withSpeechTools(SpeechTools tools) {
        this.speechTools = tools;
        return this;
    }

    /** True the first time {@code key} is asked about in this process: for what is said once per session. */
    public synchronized boolean firstTime(String key) {
        return saidOnce.add(key);
    }

    /** A message for the user, shown after the command (a schema that could not be dropped...). */
    public synchronized void notice(String message) {
        if (!notices.contains(message)) {
            notices.add(message);
        }
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
