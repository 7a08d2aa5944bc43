package dev.lockdrill.cli;

import dev.lockdrill.app.DevCheck;
import dev.lockdrill.app.KataRegistry;
import dev.lockdrill.report.Style;
import dev.lockdrill.support.ExitCodes;
import dev.lockdrill.support.Json;
import dev.lockdrill.support.LockdrillException;
import dev.lockdrill.support.Text;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.ParentCommand;
import picocli.CommandLine.Spec;
import picocli.CommandLine.Model.CommandSpec;

import java.io.PrintWriter;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.stream.LongStream;

/** `lockdrill dev check [KATA...]`: every kata's stub fails, references and alternatives pass, mutants are caught. */
@Command(name = "check", mixinStandardHelpOptions = true,
        description = {"For kata authors: per kata, the stub fails, the reference and each alternative pass at every "
                + "seed, each mutant is caught by the invariant its expect.yaml names at every seed, and each "
                + "contract clause is covered.", "Exit codes: 0 all as expected, 1 something is not, 2 usage."})
final class DevCheckCommand implements Callable<Integer> {
    @ParentCommand
    DevCommand dev;

    @Spec
    CommandSpec spec;

    @Mixin
    CommonOptions common;

    @Parameters(paramLabel = "KATA", arity = "0..*", completionCandidates = KataIds.class,
            description = "Katas to check (default: all).")
    List<String> katas = new ArrayList<>();

    @Option(names = "--seeds", paramLabel = "N", description = "Seeds 1..N for every implementation (default: 10).")
    int seeds = 10;

    @Option(names = "--timeout", paramLabel = "SECONDS", description = "Hard time limit per check process (default: 90).")
    int timeoutSeconds = 90;

    @Option(names = "--json", description = "Print the table as JSON.")
    boolean json;

    @Override
    public Integer call() {
        Session session = dev.root.session();
        PrintWriter out = spec.commandLine().getOut();
        PrintWriter err = spec.commandLine().getErr();
        Style style = new Style(session.color() && !common.noColor);
        if (seeds <= 0 || timeoutSeconds <= 0) {
            throw LockdrillException.usage("--seeds and --timeout must be positive numbers.");
        }
        List<String> ids = katas.isEmpty() ? KataRegistry.ids() : katas;
        ids.forEach(KataRegistry::get);
        List<Long> seedList = LongStream.rangeClosed(1, seeds).boxed().toList();
        ProgressLine progress = new ProgressLine(err, session.interactive() && !json, style, session.width());
        DevCheck.Report report;
        try {
            report = new DevCheck(session.app(), Duration.ofSeconds(timeoutSeconds)).run(ids, seedList, progress::stage);
        } finally {
            progress.clear();
        }
        if (json) {
            out.println(Json.json().valueToTree(toJson(report)).toPrettyString());
        } else {
            render(report, out, style, session.width());
        }
        out.flush();
        return report.ok() ? ExitCodes.PASS : ExitCodes.FAIL;
    }

    private static Map<String, Object> toJson(DevCheck.Report report) {
        List<Map<String, Object>> rows = new ArrayList<>();
        for (DevCheck.Outcome o : report.outcomes()) {
            Map<String, Object> row = new LinkedHashMap<>();
            row.put("kata", o.subject().kata());
            row.put("kind", o.subject().kind().name().toLowerCase(Locale.ROOT));
            row.put("name", o.subject().name());
            row.put("expected", expected(o.subject()));
            row.put("runs", o.runs());
            row.put("asExpected", o.asExpected());
            row.put("ok", o.ok());
            row.put("meanMillis", o.millis());
            row.put("problems", o.problems());
            rows.add(row);
        }
        Map<String, Object> out = new LinkedHashMap<>();
        out.put("ok", report.ok());
        out.put("implementations", rows);
        out.put("contract", report.coverage());
        return out;
    }

    private static String expected(DevCheck.Subject subject) {
        if (subject.kind() == DevCheck.Kind.STUB) {
            return "fails";
        }
        if (subject.expected().invariants().isEmpty()) {
            return subject.expected().status().label();
        }
        return "caught by " + String.join("|", subject.expected().invariants());
    }

    static void render(DevCheck.Report report, PrintWriter out, Style style, int width) {
        String kata = "";
        for (DevCheck.Outcome o : report.outcomes()) {
            if (!o.subject().kata().equals(kata)) {
                kata = o.subject().kata();
                out.println(style.bold(kata));
            }
            String mark = o.ok() ? style.green("✓") : style.red("✗");
            String kind = o.subject().kind().name().toLowerCase(Locale.ROOT);
            out.println(String.format(Locale.ROOT, "  %s %-11s %-30s %2d/%-2d %s", mark, kind,
                    clip(o.subject().name(), 30), o.asExpected(), o.runs(), style.dim(clip(expected(o.subject()), 21))));
            o.problems().stream().limit(3).forEach(p -> Text.wrap(Text.shortIds(p), width, "      ", "        ")
                    .forEach(l -> out.println(style.yellow(l))));
            List<String> coverage = report.coverage().getOrDefault(kata, List.of());
            if (o == last(report, kata)) {
                coverage.forEach(p -> Text.wrap(style.red("✗ contract: ") + p, width, "  ", "    ")
                        .forEach(out::println));
            }
        }
        out.println(report.ok() ? style.green("All as expected.") : style.red("Not all as expected (see ✗ above)."));
    }

    private static DevCheck.Outcome last(DevCheck.Report report, String kata) {
        DevCheck.Outcome last = null;
        for (DevCheck.Outcome o : report.outcomes()) {
            if (o.subject().kata().equals(kata)) {
                last = o;
            }
        }
        return last;
    }

    private static String clip(String text, int width) {
        return text.length() <= width ? text : text.substring(0, width - 1) + "…";
    }
}
