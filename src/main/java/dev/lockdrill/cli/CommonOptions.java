package dev.lockdrill.cli;

import picocli.CommandLine.Option;

/** Options every command takes. */
public final class CommonOptions {
    @Option(names = "--verbose", description = "More detail; stack traces of unexpected errors.")
    boolean verbose;

    @Option(names = "--no-color", description = "Plain output without ANSI colours (also: NO_COLOR=1).")
    boolean noColor;

    @Option(names = "--no-pager", description = "Print long screens straight through, without the pager (also: "
            + "LOCKDRILL_PAGER=never).")
    boolean noPager;
}
