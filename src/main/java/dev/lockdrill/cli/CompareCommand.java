package dev.lockdrill.cli;

import dev.lockdrill.app.CompareService;
import dev.lockdrill.report.ScoreTable;
import dev.lockdrill.report.Style;
import dev.lockdrill.support.LockdrillException;
import dev.lockdrill.support.Text;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

import java.util.Locale;

/** `lockdrill compare <kata>`: your solution beside the reference (unified diff) and the last run's scores. */
@Command(name = "compare", mixinStandardHelpOptions = true,
        description = {"Show how your solution differs from the reference, and the scores of your last check.",
                "The diff is unified: - yours, + reference. Before you pass the kata it asks first, and notes "
                        + "in your progress that you looked (honour system)."})
final class CompareCommand extends BaseCommand {
    /** How a diff line too long for the screen goes on: a mark no diff line starts with, then a tab's width. */
    static final String CONTINUATION = "↳       ";
    @Parameters(paramLabel = "KATA", completionCandidates = KataIds.class, description = "Kata id.")
    String kata;

    @Option(names = {"-y", "--yes"}, description = "Show the reference even before passing, without asking.")
    boolean yes;

    @Override
    int run() throws Exception {
        return paged(true, this::screen);
    }

    private int screen() {
        CompareService compare = new CompareService(app());
        if (!compare.passed(kata) && !yes && !confirmed()) {
            Text.wrap("Nothing shown. Keep going: `lockdrill hint " + kata + "` gives the next hint.", width(), "")
                    .forEach(out()::println);
            return 0;
        }
        CompareService.Comparison comparison = compare.reveal(kata);
        Style style = style();
        if (!comparison.passed()) {
            Text.wrap("Noted in your progress: reference shown before " + kata + " passed.", width(), "")
                    .forEach(l -> out().println(style.yellow(l)));
        }
        for (CompareService.FileDiff file : comparison.files()) {
            out().println();
            if (file.diff().isEmpty()) {
                out().println(style.bold(file.path()) + style.dim(": same as the reference"));
                continue;
            }
            // a folded line goes on under "↳", never under its own -/+: a second "-" would read as another line removed
            verbatim(() -> file.diff().forEach(line -> Text.fold(line, width(), CONTINUATION)
                    .forEach(part -> out().println(colour(style, line, part)))));
        }
        out().println();
        comparison.lastResult().flatMap(ScoreTable::read).ifPresentOrElse(table -> table.render(style, width(),
                out()), () -> Text.wrap("No check of " + kata + " yet: `lockdrill check " + kata
                        + "` scores yours against the reference.", width(), "").forEach(l -> out().println(
                        style.dim(l))));
        return 0;
    }

    private boolean confirmed() {
        String answer = ask("You have not passed " + kata + " yet. Seeing the reference now gives the answer away "
                + "(it will be noted in your progress). Show it anyway? [y/N]");
        if (answer == null) {
            throw LockdrillException.usage("compare needs a confirmation before the kata passes; run it in a "
                    + "terminal or add --yes.");
        }
        return answer.trim().toLowerCase(Locale.ROOT).startsWith("y");
    }

    /** {@code part} of {@code line} (a folded piece of it) in the line's colour. */
    private static String colour(Style style, String line, String part) {
        if (line.startsWith("+++") || line.startsWith("---")) {
            return style.bold(part);
        }
        if (line.startsWith("@@")) {
            return style.cyan(part);
        }
        if (line.startsWith("+")) {
            return style.green(part);
        }
        return line.startsWith("-") ? style.red(part) : part;
    }
}
