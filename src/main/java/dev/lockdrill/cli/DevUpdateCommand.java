package dev.lockdrill.cli;

import dev.lockdrill.app.DevUpdate;
import dev.lockdrill.app.KataRegistry;
import dev.lockdrill.support.ExitCodes;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParentCommand;
import picocli.CommandLine.Spec;
import picocli.CommandLine.Model.CommandSpec;

import java.io.PrintWriter;
import java.util.List;
import java.util.concurrent.Callable;

/** `lockdrill dev update [--check]`: the READMEs' generated parts, rewritten from the kata definitions. */
@Command(name = "update", mixinStandardHelpOptions = true,
        description = {"For kata authors: rewrites each kata README's '## Contract' section from the kata's "
                + "definition (<Name>Kata.contract()), the one place a clause is written, and README.md's kata "
                + "table from each katas/<id>/kata.yaml (implement, faults).",
                "Exit codes: 0 written or current, 1 with --check when something drifted, 2 usage."})
final class DevUpdateCommand implements Callable<Integer> {
    @ParentCommand
    DevCommand dev;

    @Spec
    CommandSpec spec;

    @Option(names = "--check", description = "Write nothing; name every file whose generated part drifted, and exit 1 "
            + "if any did.")
    boolean check;

    @Override
    public Integer call() {
        PrintWriter out = spec.commandLine().getOut();
        DevUpdate update = new DevUpdate(dev.root.session().app().workbook(), KataRegistry.all());
        List<DevUpdate.Drift> drifts = check ? update.stale() : update.write();
        for (DevUpdate.Drift drift : drifts) {
            out.println(check
                    ? update.relative(drift.file()) + ": its '" + drift.section() + "' section differs from the kata "
                            + "definition; `lockdrill dev update` rewrites it."
                    : "Rewrote " + update.relative(drift.file()) + " ('" + drift.section() + "').");
        }
        if (drifts.isEmpty()) {
            out.println("Every generated README section matches the kata definitions.");
        }
        out.flush();
        return check && !drifts.isEmpty() ? ExitCodes.FAIL : ExitCodes.PASS;
    }
}
