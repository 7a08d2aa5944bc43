package dev.lockdrill.cli;

import dev.lockdrill.app.KataService;
import dev.lockdrill.support.Prose;
import picocli.CommandLine.Command;
import picocli.CommandLine.Parameters;

/** `lockdrill show <kata>`: the kata's brief. */
@Command(name = "show", mixinStandardHelpOptions = true, description = "Print a kata's brief (its README).")
final class ShowCommand extends BaseCommand {
    @Parameters(paramLabel = "KATA", completionCandidates = KataIds.class, description = "Kata id: ${COMPLETION-CANDIDATES}")
    String kata;

    @Override
    int run() throws Exception {
        return paged(true, () -> {
            out().println(Prose.reflow(new KataService(app()).brief(kata), width()));
            return 0;
        });
    }
}
