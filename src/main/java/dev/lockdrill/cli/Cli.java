package dev.lockdrill.cli;

import dev.lockdrill.support.ExitCodes;
import dev.lockdrill.support.LockdrillException;
import dev.lockdrill.support.Secrets;
import picocli.CommandLine;
import dev.lockdrill.support.Suggestions;
import dev.lockdrill.support.Text;
import picocli.CommandLine.Help;
import picocli.CommandLine.Model.CommandSpec;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.Arrays;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** Builds the command tree and runs one command line; errors become one message and an exit code. */
public final class Cli {
    /** The longest message picocli makes of bad input (it quotes the value typed) that is shown. */
    private static final int MAX_MESSAGE = 1_000;
    /**
     * The narrowest help picocli lays out: below it picocli throws, so a terminal narrower than this
     * (COLUMNS=50) crashed every command with a stack trace; its help is laid out this wide instead.
     */
    static final int MIN_HELP_WIDTH = 55;

    private Cli() {
    }

    public static CommandLine create(Session session, PrintWriter out, PrintWriter err, boolean color) {
        CommandLine cli = new CommandLine(new LockdrillCommand(session));
        cli.setOut(out);
        cli.setErr(err);
        cli.setColorScheme(Help.defaultColorScheme(color ? Help.Ansi.ON : Help.Ansi.OFF));
        cli.setUsageHelpWidth(Math.max(MIN_HELP_WIDTH, session.width()));
        return cli;
    }

    public static int execute(Session session, String[] args, PrintWriter out, PrintWriter err, boolean color) {
        CommandLine cli = create(session, out, err, color);
        boolean verbose = Arrays.asList(args).contains("--verbose");
        cli.setExecutionExceptionHandler((ex, command, parseResult) -> report(ex, command, verbose,
                session.width()));
        cli.setParameterExceptionHandler((ex, arguments) -> badInput(ex, session.width()));
        int code = cli.execute(args);
        out.flush();
        err.flush();
        return code;
    }

    /** Bad input as one sentence with the command's usage (and the closest known word), never the whole help. */
    static int badInput(CommandLine.ParameterException ex, int width) {
        CommandLine command = ex.getCommandLine();
        PrintWriter err = command.getErr();
        Text.wrap(Secrets.redact(Text.printable(badInputMessage(ex))), width, "", "  ")
                .forEach(line -> err.println(command.getColorScheme().errorText(line)));
        err.flush();
        return ExitCodes.USAGE;
    }

    static String badInputMessage(CommandLine.ParameterException ex) {
        CommandLine command = ex.getCommandLine();
        CommandSpec spec = command.getCommandSpec();
        String name = spec.qualifiedName();
        String what;
        if (ex instanceof CommandLine.UnmatchedArgumentException unmatched && !unmatched.getUnmatched().isEmpty()) {
            String typed = unmatched.getUnmatched().get(0);
            String shown = Text.literal(typed);
            if (typed.startsWith("-")) {
                List<String> options = spec.options().stream().flatMap(o -> Arrays.stream(o.names())).toList();
                int eq = typed.indexOf('=');
                what = "`" + name + "` has no option " + shown + "." + Suggestions.didYouMean(
                        Text.capped(eq < 0 ? typed : typed.substring(0, eq), Text.MAX_ECHO), options);
            } else if (!spec.subcommands().isEmpty() && spec.positionalParameters().isEmpty()) {
                what = "There is no command '" + shown + "'." + Suggestions.didYouMean(
                        Text.capped(typed, Text.MAX_ECHO), spec.subcommands().keySet());
            } else {
                what = "`" + name + "` takes no more arguments, but was given '" + shown + "'.";
            }
        } else {
            String message = ex.getMessage() == null ? "the arguments are not valid"
                    : Text.capped(Text.printable(quotedValuesCapped(ex.getMessage())), MAX_MESSAGE);
            what = Character.toUpperCase(message.charAt(0)) + message.substring(1)
                    + (message.endsWith(".") ? "" : ".");
        }
        return what + " Usage: " + synopsis(spec) + " (`" + name + " --help` for more).";
    }

    private static final Pattern QUOTED = Pattern.compile("'([^']*)'");

    /**
     * Picocli's message with each value it quotes cut as a typed word is ({@link Text#literal}): a
     * 10,000-digit --seed is echoed as its first digits and its length, not as a screenful.
     */
    static String quotedValuesCapped(String message) {
        Matcher quoted = QUOTED.matcher(message);
        StringBuilder out = new StringBuilder();
        while (quoted.find()) {
            quoted.appendReplacement(out, Matcher.quoteReplacement(
                    "'" + Text.literal(quoted.group(1)) + "'"));
        }
        return quoted.appendTail(out).toString();
    }

    private static String synopsis(CommandSpec spec) {
        StringBuilder usage = new StringBuilder(spec.qualifiedName());
        if (!spec.subcommands().isEmpty() && spec.positionalParameters().isEmpty()) {
            return usage.append(" COMMAND").toString();
        }
        if (spec.options().size() > 0) {
            usage.append(" [options]");
        }
        for (CommandLine.Model.PositionalParamSpec p : spec.positionalParameters()) {
            boolean optional = p.arity().min() == 0;
            usage.append(' ').append(optional ? "[" : "").append(p.paramLabel()).append(p.arity().max() > 1 ? "…" : "")
                    .append(optional ? "]" : "");
        }
        return usage.toString();
    }

    /** The file a write was refused on (a read-only or foreign-owned workbook), or null for other errors. */
    static String unwritable(Throwable ex) {
        for (Throwable t = ex; t != null; t = t.getCause()) {
            if (t instanceof java.nio.file.AccessDeniedException denied) {
                return denied.getFile();
            }
            if (t instanceof java.nio.file.ReadOnlyFileSystemException) {
                return "the workbook";
            }
            if (t instanceof java.nio.file.FileSystemException fs && fs.getReason() != null
                    && fs.getReason().contains("Read-only file system")) {
                return fs.getFile();
            }
        }
        return null;
    }

    private static int report(Exception ex, CommandLine command, boolean verbose, int width) {
        PrintWriter err = command.getErr();
        int code;
        if (ex instanceof LockdrillException known) {
            Text.wrap(Secrets.redact(Text.printable(known.getMessage())), width, "", "  ")
                    .forEach(line -> err.println(command.getColorScheme().errorText(line)));
            code = known.exitCode();
        } else if (unwritable(ex) != null) {
            Text.wrap(Secrets.redact("Cannot write " + unwritable(ex) + " (" + ex.getClass().getSimpleName()
                    + "); make the workbook's .lockdrill/ folder writable, or run from a copy you own."), width, "",
                    "  ").forEach(line -> err.println(command.getColorScheme().errorText(line)));
            code = ExitCodes.USAGE;
        } else {
            Text.wrap(Secrets.redact(Text.printable("lockdrill hit an internal error: " + ex)
                    + (verbose ? "" : ". Run the command again with --verbose to see where.")), width, "", "  ")
                    .forEach(line -> err.println(command.getColorScheme().errorText(line)));
            code = ExitCodes.INTERNAL;
        }
        // a refused input (exit 2, nothing underneath) is said in full by its sentence: there is no
        // "where" worth a stack trace, even with --verbose
        boolean refusedInput = ex instanceof LockdrillException known && known.exitCode() == ExitCodes.USAGE
                && known.getCause() == null;
        if (verbose && !refusedInput) {
            StringWriter trace = new StringWriter();
            ex.printStackTrace(new PrintWriter(trace));
            err.print(Secrets.redact(trace.toString()));
        }
        err.flush();
        return code;
    }
}
