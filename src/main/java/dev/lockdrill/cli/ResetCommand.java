package dev.lockdrill.cli;

import dev.lockdrill.app.KataService;
import dev.lockdrill.support.LockdrillException;
import dev.lockdrill.support.Suggestions;
import dev.lockdrill.support.Text;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

import java.util.List;
import java.util.Locale;

/** `lockdrill reset <kata>`: restores the original stub. */
@Command(name = "reset", mixinStandardHelpOptions = true,
        description = "Restore a kata's folder to the original stub packaged with lockdrill (your changes are lost).")
final class ResetCommand extends BaseCommand {
    @Parameters(paramLabel = "KATA", completionCandidates = KataIds.class, description = "Kata id.")
    String kata;

    @Option(names = {"-y", "--yes"}, description = "Do not ask for confirmation.")
    boolean yes;

    @Override
    int run() {
        KataService katas = new KataService(app());
        if (!katas.resettableIds().contains(kata)) {
            String guess = Suggestions.didYouMean(kata, katas.resettableIds());
            throw LockdrillException.usage("No kata '" + Text.literal(kata) + "'." + (guess.isEmpty() ? " Known katas: "
                    + String.join(", ", katas.resettableIds()) + "." : guess));
        }
        if (!yes) {
            String answer = ask("Replace katas/" + kata + "/ with the original stub? Your changes there will be "
                    + "lost. [y/N]");
            if (answer == null) {
                throw LockdrillException.usage("reset needs a confirmation; run it in a terminal or add --yes.");
            }
            if (!answer.trim().toLowerCase(Locale.ROOT).startsWith("y")) {
                out().println("Nothing changed.");
                return 0;
            }
        }
        List<String> files = katas.reset(kata);
        out().println("Restored " + Text.count(files.size(), "file") + " in katas/" + kata + "/.");
        return 0;
    }
}
