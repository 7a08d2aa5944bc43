package dev.lockdrill.report;

import dev.lockdrill.check.Evidence;
import dev.lockdrill.check.InvariantResult;
import dev.lockdrill.check.Verdict;
import dev.lockdrill.history.FaultEvent;
import dev.lockdrill.score.CheckResult;
import dev.lockdrill.score.ImplementationRun;

import java.util.List;
import java.util.Locale;
import java.util.stream.Collectors;

/**
 * A check as one self-contained HTML page (inline CSS, SVG and a few lines of script, nothing
 * fetched): the verdicts, the evidence of each failing invariant, the faults, and every scenario's
 * timeline. Pointing at an evidence line highlights the operations it names.
 */
public final class HtmlTimeline {
    public static final String FILE_NAME = "timeline.html";

    private static final String STYLE = """
            body{font:14px/1.4 system-ui,sans-serif;margin:24px;color:#1d2330;background:#fbfbfd}
            h1{font-size:20px;margin:0 0 4px}h2{font-size:16px;margin:24px 0 6px}.meta{color:#667}
            .pass{color:#1a7f37}.fail{color:#c62828}.unknown{color:#b26a00}
            table{border-collapse:collapse}td,th{padding:2px 12px 2px 0;text-align:left}
            li.evidence{cursor:pointer}li.evidence:hover{background:#fde8e8}
            svg.timeline{background:#fff;border:1px solid #dde;max-width:100%;height:auto}
            .worker{font:12px monospace;fill:#334}.rail{stroke:#e4e6ee}.tick{stroke:#f0f1f5}
            .tick-label{font:10px monospace;fill:#889}.op{stroke:#556;stroke-width:.6;fill:#cfd8e6}
            .op.accepted{fill:#b7e4c7}.op.rejected{fill:#c7d7f2}.op.unknown,.op.failed{fill:#ffe08a}
            .op.violation{fill:#ef5350;stroke:#8e0000;stroke-width:1.6}.op.focus{stroke:#000;stroke-width:3}
            .op-label{font:10px monospace;fill:#111;pointer-events:none}.mark{font:12px monospace}
            .mark.accepted{fill:#1a7f37}.mark.rejected{fill:#1f4e99}.mark.unknown,.mark.failed{fill:#b26a00}
            .fault{fill:#f2b84b;opacity:.75}.fault-label{font:9px monospace;fill:#7a4a00}
            .legend{display:flex;flex-wrap:wrap;gap:14px;font-size:12px;margin:6px 0}.legend span{display:inline-flex;align-items:center;gap:4px}
            .swatch{display:inline-block;width:18px;height:10px;border:1px solid #556;border-radius:2px}
            .swatch.accepted{background:#b7e4c7}.swatch.rejected{background:#c7d7f2}.swatch.unknown{background:#ffe08a}
            .swatch.ok{background:#cfd8e6}.swatch.violation{background:#ef5350;border:2px solid #8e0000}.swatch.fault{background:#f2b84b;border-color:#f2b84b}
            """;

    private static final String LEGEND = "<div class=\"legend\" role=\"note\">"
            + "<span><i class=\"swatch accepted\"></i>accepted ✓</span>"
            + "<span><i class=\"swatch rejected\"></i>rejected ✗</span>"
            + "<span><i class=\"swatch unknown\"></i>unknown or failed ?</span>"
            + "<span><i class=\"swatch ok\"></i>other operation</span>"
            + "<span><i class=\"swatch violation\"></i>violation (named by a failing invariant)</span>"
            + "<span><i class=\"swatch fault\"></i>fault injected</span>"
            + "<span class=\"meta\">times: ms since the run began, as in the evidence; point at an evidence line "
            + "to find its operations</span></div>\n";

    private static final String SCRIPT = """
            document.body.dataset.violations = document.querySelectorAll('rect.op.violation').length;
            document.querySelectorAll('li.evidence').forEach(function (li) {
              var ids = (li.dataset.ops || '').split(' ').filter(Boolean);
              function mark(on) {
                ids.forEach(function (id) {
                  document.querySelectorAll('rect.op[data-op="' + id + '"]').forEach(function (r) {
                    r.classList.toggle('focus', on);
                  });
                });
              }
              li.addEventListener('mouseenter', function () { mark(true); });
              li.addEventListener('mouseleave', function () { mark(false); });
            });
            document.body.dataset.ready = 'true';
            """;

    /** The lab's table: cells wrap at spaces (nowrap made it ~1,400 px wide), the box scrolls only below its words. */
    static final String LAB_TABLE_STYLE = ".lab-table{overflow-x:auto;max-width:100%}"
            + ".lab-table table{border-collapse:collapse;max-width:100%}"
            + ".lab-table td,.lab-table th{padding:2px 8px;text-align:left;vertical-align:top;white-space:normal;"
            + "overflow-wrap:normal}";

    private HtmlTimeline() {
    }

    public static String render(CheckResult result) {
        ImplementationRun you = result.you();
        StringBuilder html = new StringBuilder("<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">\n");
        html.append("<title>").append(escape("lockdrill · " + result.kata() + " · " + result.status().label()))
                .append("</title>\n<style>").append(STYLE).append("</style></head>\n");
        html.append("<body data-status=\"").append(result.status().label()).append("\">\n");
        html.append("<h1>").append(escape(result.kata())).append(" <span class=\"").append(css(result))
                .append("\">").append(result.status().label().toUpperCase(Locale.ROOT))
                .append("</span></h1>\n<p class=\"meta\">").append(escape(you.source() + " · seed " + result.seed()
                        + " · " + result.at() + " · replay: " + result.replayCommand())).append("</p>\n");
        invariants(you.invariants(), html);
        faults(you.history() == null ? List.of() : you.history().faults(), html);
        if (you.history() != null) {
            html.append("<h2>Timelines</h2>\n").append(LEGEND);
            for (Timeline timeline : Timeline.of(you.history(), you.invariants())) {
                html.append("<section class=\"scenario\" data-scenario=\"").append(escape(timeline.scenario()))
                        .append("\">\n<h2>").append(escape(timeline.scenario())).append("</h2>\n")
                        .append(SvgLanes.render(timeline)).append("</section>\n");
            }
        }
        return html.append("<script>\n").append(SCRIPT).append("</script>\n</body></html>\n").toString();
    }

    /**
     * The lab's page: its table (header row first) as an HTML table whose cells wrap between words to
     * fit the window (and, narrower than its longest words, scrolls inside its own box rather than
     * widening the page), the summary sentences, the faults and every scenario's timeline.
     */
    public static String renderLab(String title, List<List<String>> table, List<String> summary,
                                   dev.lockdrill.history.History history) {
        StringBuilder html = new StringBuilder("<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">\n");
        html.append("<title>").append(escape(title)).append("</title>\n<style>").append(STYLE)
                .append(LAB_TABLE_STYLE)
                .append("</style></head>\n<body data-status=\"lab\">\n<h1>").append(escape(title))
                .append("</h1>\n<div class=\"lab-table\"><table class=\"lab\">\n");
        for (int i = 0; i < table.size(); i++) {
            String cell = i == 0 ? "th" : "td";
            html.append("<tr>");
            for (String value : table.get(i)) {
                html.append('<').append(cell).append('>').append(escape(value)).append("</").append(cell).append('>');
            }
            html.append("</tr>\n");
        }
        html.append("</table></div>\n<ul class=\"lab-summary\">\n");
        summary.forEach(line -> html.append("<li>").append(escape(line)).append("</li>\n"));
        html.append("</ul>\n");
        faults(history.faults(), html);
        html.append(LEGEND);
        for (Timeline timeline : Timeline.of(history, List.of())) {
            html.append("<section class=\"scenario\" data-scenario=\"").append(escape(timeline.scenario()))
                    .append("\">\n<h2>").append(escape(timeline.scenario())).append("</h2>\n")
                    .append(SvgLanes.render(timeline)).append("</section>\n");
        }
        return html.append("<script>\n").append(SCRIPT).append("</script>\n</body></html>\n").toString();
    }

    private static void invariants(List<InvariantResult> results, StringBuilder html) {
        html.append("<h2>Invariants</h2>\n<table class=\"invariants\">\n");
        for (InvariantResult r : results) {
            String verdict = r.verdict().name().toLowerCase(Locale.ROOT);
            html.append("<tr class=\"").append(verdict).append("\"><td>").append(escape(r.name()))
                    .append("</td><td>").append(verdict).append("</td><td class=\"meta\">")
                    .append(escape(r.description())).append("</td></tr>\n");
        }
        html.append("</table>\n");
        for (InvariantResult r : results) {
            if (r.passed()) {
                continue;
            }
            html.append(r.verdict() == Verdict.FAIL ? "<h2 class=\"violation\">✗ " : "<h2 class=\"unknown\">? ")
                    .append(escape(r.name())).append("</h2>\n<ul>\n");
            List<Evidence> evidence = r.evidence();
            for (int i = 0; i < evidence.size(); i++) {
                if (i == TerminalReport.MAX_EVIDENCE) {
                    html.append("</ul>\n<details><summary>").append(evidence.size() - i)
                            .append(" more</summary><ul>\n");
                }
                Evidence e = evidence.get(i);
                html.append("<li class=\"evidence\" data-ops=\"").append(e.allIds().stream().map(String::valueOf)
                        .collect(Collectors.joining(" "))).append("\">").append(escape(e.text())).append("</li>\n");
            }
            html.append(evidence.size() > TerminalReport.MAX_EVIDENCE ? "</ul></details>\n" : "</ul>\n");
        }
    }

    private static void faults(List<FaultEvent> faults, StringBuilder html) {
        if (faults.isEmpty()) {
            return;
        }
        html.append("<h2>Faults injected</h2>\n<ul class=\"faults\">\n");
        for (FaultEvent f : faults) {
            html.append("<li><b>").append(escape(f.name())).append("</b> ").append(escape(f.scenario() + " · "
                    + f.target() + " · " + f.description())).append("</li>\n");
        }
        html.append("</ul>\n");
    }

    private static String css(CheckResult result) {
        return switch (result.status()) {
            case PASS -> "pass";
            case UNKNOWN -> "unknown";
            default -> "fail";
        };
    }

    static String escape(String text) {
        StringBuilder out = new StringBuilder(text.length());
        for (char c : text.toCharArray()) {
            switch (c) {
                case '&' -> out.append("&amp;");
                case '<' -> out.append("&lt;");
                case '>' -> out.append("&gt;");
                case '"' -> out.append("&quot;");
                case '\'' -> out.append("&#39;");
                default -> out.append(c);
            }
        }
        return out.toString();
    }
}
