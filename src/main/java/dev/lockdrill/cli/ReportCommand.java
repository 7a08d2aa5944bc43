package dev.lockdrill.cli;

import dev.lockdrill.app.KataService;
import dev.lockdrill.report.HtmlTimeline;
import dev.lockdrill.support.LockdrillException;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;

/** `lockdrill report [kata]`: where the HTML timeline of the kata's last check is (and opens it). */
@Command(name = "report", mixinStandardHelpOptions = true,
        description = {"Print the path of the HTML report (timeline of every scenario) of a kata's last check.",
                "Without KATA: the kata checked last."})
final class ReportCommand extends BaseCommand {
    @Parameters(paramLabel = "KATA", arity = "0..1", completionCandidates = KataIds.class, description = "Kata id.")
    String kata;

    @Option(names = "--open", description = "Also open it in the desktop's browser (xdg-open).")
    boolean open;

    @Override
    int run() {
        String id = kata != null ? kata : new KataService(app()).current();
        app().catalog().kata(id);
        Path run = app().runs().latest(id).orElseThrow(() -> LockdrillException.usage("Kata '" + id
                + "' has not been checked yet; run `lockdrill check " + id + "` first."));
        Path report = run.resolve(HtmlTimeline.FILE_NAME);
        if (!Files.isRegularFile(report)) {
            throw LockdrillException.usage("The last check of '" + id + "' recorded no history (it did not "
                    + "compile or run), so it has no timeline. Fix it and check again.");
        }
        out().println(report.toAbsolutePath());
        if (open) {
            open(report);
        }
        return 0;
    }

    private void open(Path report) {
        try {
            Process opener = new ProcessBuilder("xdg-open", report.toAbsolutePath().toString())
                    .redirectOutput(ProcessBuilder.Redirect.DISCARD).redirectError(ProcessBuilder.Redirect.DISCARD)
                    .start();
            if (opener.waitFor(5, TimeUnit.SECONDS) && opener.exitValue() != 0) {
                err().println(style().yellow("xdg-open found no browser to open it; open the file above yourself."));
            }
        } catch (IOException e) {
            err().println(style().yellow("Could not run xdg-open (" + e.getMessage()
                    + "); open the file above in a browser."));
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
