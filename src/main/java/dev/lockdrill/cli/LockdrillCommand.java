package dev.lockdrill.cli;

import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Spec;

/** The root of the one command tree used both one-shot and inside the REPL. */
@Command(name = "lockdrill", mixinStandardHelpOptions = true, versionProvider = VersionProvider.class,
        description = {"A workbook for distributed locks, leases, fencing tokens and resilience patterns: write "
                + "katas checked under injected faults against a real PostgreSQL.",
                "Run without a command to open the interactive shell."},
        subcommands = {ListCommand.class, ShowCommand.class, HintCommand.class, CheckCommand.class,
                ResetCommand.class, ProgressCommand.class, DoctorCommand.class, BackendCommand.class,
                DrillCommand.class, PracticeCommand.class, WatchCommand.class, ReportCommand.class, CompareCommand.class,
                LabCommand.class, CompletionCommand.class, DevCommand.class, CommandLine.HelpCommand.class})
public final class LockdrillCommand implements Runnable {
    private final Session session;

    @Spec
    CommandSpec spec;

    public LockdrillCommand(Session session) {
        this.session = session;
    }

    Session session() {
        return session;
    }

    @Override
    public void run() {
        spec.commandLine().usage(spec.commandLine().getOut());
    }
}
