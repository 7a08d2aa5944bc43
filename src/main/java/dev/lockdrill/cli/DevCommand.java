package dev.lockdrill.cli;

import picocli.CommandLine.Command;
import picocli.CommandLine.ParentCommand;
import picocli.CommandLine.Spec;
import picocli.CommandLine.Model.CommandSpec;

/** `lockdrill dev ...`: tools for kata authors. */
@Command(name = "dev", mixinStandardHelpOptions = true, subcommands = {DevCheckCommand.class, DevUpdateCommand.class},
        description = "Tools for kata authors: `dev check` proves every kata's checks against its stub, reference, "
                + "mutants and alternatives; `dev update` rewrites the READMEs' generated parts from the kata "
                + "definitions.")
final class DevCommand implements Runnable {
    @ParentCommand
    LockdrillCommand root;

    @Spec
    CommandSpec spec;

    @Override
    public void run() {
        spec.commandLine().usage(spec.commandLine().getOut());
    }
}
