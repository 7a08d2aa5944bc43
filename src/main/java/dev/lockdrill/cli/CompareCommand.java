package dev.lockdrill.cli;

import dev.lockdrill.app.CompareService;
import dev.lockdrill.report.ScoreTable;
import dev.lockdrill.report.Style;
import dev.lockdrill.support.LockdrillException;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

import java.util.Locale;

/** `lockdrill compare <kata>`: your solution beside the reference (unified diff) and the last run's scores. */
@Command(name = "compare", mixinStandardHelpOptions = true,
        description = {"Show how your solution differs from the reference (unified diff: - yours, + reference)",
                "and the score table of your last check. Before you pass the kata it asks first, and notes",
                "in your progress that you looked (honour system)."})
final class CompareCommand extends BaseCommand {
    @Parameters(paramLabel = "KATA", completionCandidates = KataIds.class, description = "Kata id.")
    String kata;

    @Option(names = {"-y", "--yes"}, description = "Show the reference even before passing, without asking.")
    boolean yes;

    @Override
    int run() {
        CompareService compare = new CompareService(app());
        if (!compare.passed(kata) && !yes && !confirmed()) {
            out().println("Nothing shown. Keep going: `lockdrill hint " + kata + "` gives the next hint.");
            return 0;
        }
        CompareService.Comparison comparison = compare.reveal(kata);
        Style style = style();
        if (!comparison.passed()) {
            out().println(style.yellow("Noted in your progress: reference shown before " + kata + " passed."));
        }
        for (CompareService.FileDiff file : comparison.files()) {
            out().println();
            if (file.diff().isEmpty()) {
                out().println(style.bold(file.path()) + style.dim(": same as the reference"));
                continue;
            }
            file.diff().forEach(line -> out().println(colour(style, line)));
        }
        out().println();
        comparison.lastResult().flatMap(ScoreTable::read).ifPresentOrElse(table -> table.render(style, out()),
                () -> out().println(style.dim("No check of " + kata + " yet: `lockdrill check " + kata
                        + "` scores yours against the reference.")));
        return 0;
    }

    private boolean confirmed() {
        String answer = session().prompter().ask("You have not passed " + kata + " yet. Seeing the reference now "
                + "gives the answer away (it will be noted in your progress). Show it anyway? [y/N] ");
        if (answer == null) {
            throw LockdrillException.usage("compare needs a confirmation before the kata passes; run it in a "
                    + "terminal or add --yes.");
        }
        return answer.trim().toLowerCase(Locale.ROOT).startsWith("y");
    }

    private static String colour(Style style, String line) {
        if (line.startsWith("+++") || line.startsWith("---")) {
            return style.bold(line);
        }
        if (line.startsWith("@@")) {
            return style.cyan(line);
        }
        if (line.startsWith("+")) {
            return style.green(line);
        }
        return line.startsWith("-") ? style.red(line) : line;
    }
}
