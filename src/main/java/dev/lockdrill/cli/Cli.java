package dev.lockdrill.cli;

import dev.lockdrill.support.ExitCodes;
import dev.lockdrill.support.LockdrillException;
import dev.lockdrill.support.Secrets;
import picocli.CommandLine;
import picocli.CommandLine.Help;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.Arrays;

/** Builds the command tree and runs one command line; errors become one message and an exit code. */
public final class Cli {
    private Cli() {
    }

    public static CommandLine create(Session session, PrintWriter out, PrintWriter err, boolean color) {
        CommandLine cli = new CommandLine(new LockdrillCommand(session));
        cli.setOut(out);
        cli.setErr(err);
        cli.setColorScheme(Help.defaultColorScheme(color ? Help.Ansi.ON : Help.Ansi.OFF));
        cli.setUsageHelpWidth(100);
        return cli;
    }

    public static int execute(Session session, String[] args, PrintWriter out, PrintWriter err, boolean color) {
        CommandLine cli = create(session, out, err, color);
        boolean verbose = Arrays.asList(args).contains("--verbose");
        cli.setExecutionExceptionHandler((ex, command, parseResult) -> report(ex, command, verbose));
        int code = cli.execute(args);
        out.flush();
        err.flush();
        return code;
    }

    private static int report(Exception ex, CommandLine command, boolean verbose) {
        PrintWriter err = command.getErr();
        int code;
        if (ex instanceof LockdrillException known) {
            err.println(command.getColorScheme().errorText(Secrets.redact(known.getMessage())));
            code = known.exitCode();
        } else {
            err.println(command.getColorScheme().errorText(Secrets.redact("lockdrill hit an internal error: " + ex
                    + (verbose ? "" : ". Run the command again with --verbose to see where."))));
            code = ExitCodes.INTERNAL;
        }
        if (verbose) {
            StringWriter trace = new StringWriter();
            ex.printStackTrace(new PrintWriter(trace));
            err.print(Secrets.redact(trace.toString()));
        }
        err.flush();
        return code;
    }
}
