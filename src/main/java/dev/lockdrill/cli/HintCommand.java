package dev.lockdrill.cli;

import dev.lockdrill.app.KataService;
import dev.lockdrill.support.Prose;
import dev.lockdrill.support.Text;
import picocli.CommandLine.Command;
import picocli.CommandLine.Parameters;

/** `lockdrill hint <kata>`: the next of the kata's progressive hints. */
@Command(name = "hint", mixinStandardHelpOptions = true,
        description = "Show the next hint for a kata (hints are progressive; the number used is recorded).")
final class HintCommand extends BaseCommand {
    @Parameters(paramLabel = "KATA", completionCandidates = KataIds.class, description = "Kata id.")
    String kata;

    @Override
    int run() throws Exception {
        return paged(true, this::screen);
    }

    private int screen() {
        KataService.Hint hint = new KataService(app()).nextHint(kata);
        Text.wrap(style().bold("Hint " + hint.number() + "/" + hint.total()) + (hint.repeated()
                ? style().dim(" (you have seen every hint; this is the last one again)") : ""), width(), "", "  ")
                .forEach(out()::println);
        out().println(Prose.reflow(hint.text().strip(), width()));
        return 0;
    }
}
