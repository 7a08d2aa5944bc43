package dev.lockdrill.cli;

import dev.lockdrill.app.CheckRequest;
import dev.lockdrill.app.CheckService;
import dev.lockdrill.app.KataChecker;
import dev.lockdrill.app.KataService;
import dev.lockdrill.app.KataWatch;
import dev.lockdrill.kata.Kata;
import dev.lockdrill.runner.ChildRunner;
import org.jline.terminal.Attributes;
import org.jline.terminal.Terminal;
import org.jline.terminal.TerminalBuilder;
import org.jline.utils.NonBlockingReader;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

import java.io.IOException;
import java.util.List;
import java.util.concurrent.atomic.AtomicBoolean;

/** `lockdrill watch [kata]`: re-check on every save, with single-key commands. */
@Command(name = "watch", mixinStandardHelpOptions = true,
        description = {"Check a kata now and again each time you save a file in its folder.",
                "With --manual, on Enter instead. Keys: r re-check, h hint, l list, n next kata (after a pass), "
                        + "q quit. Without KATA: the kata checked last, else the first one not passed."})
final class WatchCommand extends BaseCommand {
    @Parameters(paramLabel = "KATA", arity = "0..1", completionCandidates = KataIds.class, description = "Kata id.")
    String kata;

    @Option(names = "--manual", description = "Do not watch files; re-check when you press Enter or r "
            + "(for file systems where watching does not work).")
    boolean manual;

    @Option(names = "--compare", description = "Also run the reference each time (slower; watch skips it "
            + "by default).")
    boolean compare;

    @Option(names = "--jdbc-url", paramLabel = "URL", description = "PostgreSQL to use, as for check.")
    String jdbcUrl;

    @Override
    int run() throws Exception {
        String id = kata != null ? kata : new KataService(app()).current();
        CheckService.definition(app(), id);
        if (session().terminal().isPresent()) {
            return watch(id, session().terminal().get());
        }
        try (Terminal terminal = TerminalBuilder.builder().system(true).dumb(true).build()) {
            return watch(id, terminal);
        }
    }

    private int watch(String id, Terminal terminal) throws IOException, InterruptedException {
        WatchScreen screen = new WatchScreen(out(), style(), app(), manual, session().interactive(), width());
        AtomicBoolean quit = new AtomicBoolean();
        Terminal.SignalHandler previous = terminal.handle(Terminal.Signal.INT, signal -> quit.set(true));
        Attributes saved = terminal.enterRawMode();
        boolean warm = ChildRunner.keepingWarm();
        ChildRunner.keepWarm(true);
        KataChecker checker = (k, progress) -> {
            // each check resolves its kata once; the screen renders its report with that same definition
            Kata definition = CheckService.definition(app(), k);
            screen.resolved(definition);
            return new CheckService(app()).check(new CheckRequest(definition, null, false, compare, List.of(), null,
                    jdbcUrl, null), progress);
        };
        try (KataWatch watch = new KataWatch(app().workbook(), checker, screen, KataWatch.QUIET)) {
            watch.watch(id, manual);
            readKeys(terminal.reader(), watch, screen, quit);
        } finally {
            ChildRunner.keepWarm(warm);
            terminal.setAttributes(saved);
            terminal.handle(Terminal.Signal.INT, previous);
        }
        return 0;
    }

    private void readKeys(NonBlockingReader keys, KataWatch watch, WatchScreen screen, AtomicBoolean quit)
            throws InterruptedException {
        while (!quit.get()) {
            int key = read(keys);
            if (key == NonBlockingReader.READ_EXPIRED) {
                continue;
            }
            if (key == NonBlockingReader.EOF) {
                screen.say("end of input: finishing the check under way, then leaving watch mode.");
                watch.awaitIdle();
                return;
            }
            switch (Character.toLowerCase((char) key)) {
                case 'q', 3, 4 -> quit.set(true);
                case 'r', '\r', '\n' -> watch.rerun();
                case 'h' -> screen.hint(watch.kata());
                case 'l' -> screen.list();
                case 'n' -> screen.offered().ifPresentOrElse(next -> watch.watch(next, manual),
                        () -> screen.say("n moves on to the next kata once this one passes and one is left."));
                default -> {
                }
            }
        }
        screen.say("left watch mode.");
    }

    /** The next key within 100 ms; a closed input (a pipe that ended) reads as end of input. */
    private static int read(NonBlockingReader keys) {
        try {
            return keys.read(100);
        } catch (IOException e) {
            return NonBlockingReader.EOF;
        }
    }
}
