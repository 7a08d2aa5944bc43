package dev.lockdrill.cli;

import dev.lockdrill.db.BackendChoice;
import dev.lockdrill.db.BackendSelector;
import dev.lockdrill.support.Secrets;
import dev.lockdrill.support.Text;
import picocli.CommandLine.ArgGroup;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/** `lockdrill backend`: which PostgreSQL the checks use and why; choose another while the shell runs. */
@Command(name = "backend", mixinStandardHelpOptions = true,
        description = {"Show which PostgreSQL the checks use and why, or choose one for the rest of the session.",
                "--jdbc-url URL is used at once and saved in .lockdrill/settings.json for later sessions, "
                        + "without its password (that then comes from PGPASSWORD or ~/.pgpass); --auto goes back to "
                        + "the automatic order: --jdbc-url, " + BackendSelector.ORDER + "."})
final class BackendCommand extends BaseCommand {
    @ArgGroup(exclusive = true)
    Choice choice;

    static final class Choice {
        @Option(names = "--jdbc-url", paramLabel = "URL",
                description = "Use this PostgreSQL (JDBC or libpq URI) from now on.")
        String jdbcUrl;

        @Option(names = "--auto", description = "Forget the chosen URL; choose automatically again.")
        boolean auto;
    }

    @Override
    int run() {
        if (choice != null) {
            String saved = app().chooseBackend(choice.auto ? null : choice.jdbcUrl);
            if (saved != null) {
                Text.wrap("Saved " + saved + " in " + app().settings().file()
                        + (Secrets.holdsSecret(choice.jdbcUrl)
                        ? " (its password is not stored: later sessions take it from PGPASSWORD or ~/.pgpass)"
                        : "") + ".", width(), "", "  ").forEach(out()::println);
            } else {
                Text.wrap("The backend is chosen automatically again; the saved URL is forgotten.", width(), "")
                        .forEach(out()::println);
            }
        }
        BackendChoice current = app().selector().choose(null);
        Text.wrap("backend: " + current.source() + " — " + Secrets.redact(current.reason()), width(), "", "  ")
                .forEach(out()::println);
        return current.available() ? 0 : 2;
    }
}
