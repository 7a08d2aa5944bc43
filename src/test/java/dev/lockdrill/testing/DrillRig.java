package dev.lockdrill.testing;

import dev.lockdrill.app.AppContext;
import dev.lockdrill.catalog.Workbook;
import dev.lockdrill.cli.Cli;
import dev.lockdrill.cli.Session;
import dev.lockdrill.db.BackendSelector;
import dev.lockdrill.drill.DrillConsole;
import dev.lockdrill.repl.TerminalConsole;
import dev.lockdrill.speech.SpeechTools;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Instant;
import java.util.Map;
import java.util.function.UnaryOperator;

/**
 * Runs lockdrill commands one-shot with a JLine dumb terminal fed from a string, on a fake clock,
 * against a workbook whose state lives in a temp folder.
 */
public final class DrillRig {
    public static final Instant START = Instant.parse("2026-03-02T09:00:00Z");
    public final MutableClock clock = new MutableClock(START);
    private final Workbook workbook;

    /** What a command printed on the terminal, on stdout and on stderr, and its exit code. */
    public record Run(int code, String terminal, String out, String err) {
        public String all() {
            return terminal + out;
        }
    }

    public DrillRig(Path root, Path stateDir) {
        this.workbook = new Workbook(root, stateDir);
    }

    /** A new application context each time, as after a restart. */
    public AppContext app() {
        return new AppContext(workbook, clock, new BackendSelector(Map.of(), "root")).withSpeechTools(speech);
    }

    /**
     * The machine's recognizer, but never its sound devices: a drill under test must not record
     * from a real microphone.
     */
    private SpeechTools speech = SpeechTools.detect(withoutAudio(System.getenv()));

    private int width = 200;

    /** Lays screens out in {@code columns} from now on (200 unless set). */
    public DrillRig width(int columns) {
        this.width = columns;
        return this;
    }

    /** Uses these speech tools (none at all, or the machine's recognizer) from now on. */
    public DrillRig speech(SpeechTools tools) {
        this.speech = tools;
        return this;
    }

    public static Map<String, String> withoutAudio(Map<String, String> env) {
        Map<String, String> copy = new java.util.HashMap<>(env);
        copy.put("LOCKDRILL_AUDIO", "none");
        return copy;
    }

    public Run run(String input, String... args) {
        return run(input, UnaryOperator.identity(), args);
    }

    public Run run(String input, UnaryOperator<DrillConsole> decorate, String... args) {
        ByteArrayOutputStream screen = new ByteArrayOutputStream();
        TerminalConsole console = TerminalConsole.dumb(
                new ByteArrayInputStream(input.getBytes(StandardCharsets.UTF_8)), screen);
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        Session session = new Session(this::app, question -> null, false, false, () -> decorate.apply(console))
                .withWidth(width);
        int code;
        try {
            code = Cli.execute(session, args, new PrintWriter(out), new PrintWriter(err), false);
        } finally {
            session.close();
            console.close();
        }
        return new Run(code, screen.toString(StandardCharsets.UTF_8), out.toString(), err.toString());
    }
}
