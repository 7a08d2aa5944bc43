package dev.lockdrill.report;

import dev.lockdrill.history.FaultEvent;
import dev.lockdrill.history.Op;

import dev.lockdrill.support.Text;

import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;

/**
 * Draws a {@link Timeline} in the terminal's width: a row per worker with its operations as spans
 * (the end marks accepted ✓, rejected ✗ or unknown ?), a row under it for the faults that hit the
 * worker, operations a failing invariant names as violations in heavy lines (and red), then the
 * key events as a list. Times are milliseconds since the run began, as in the evidence.
 */
public final class TerminalTimeline {
    static final int LABEL = 13;
    static final int MAX_EVENTS = 12;
    static final List<String> LEGEND = List.of("├─┤ operation", "✓ accepted", "✗ rejected or failed", "? unknown",
            "░ fault", "┣━┫ violation");
    private final Style style;
    private final int width;
    private final int track;

    public TerminalTimeline(Style style) {
        this(style, Text.DEFAULT_WIDTH);
    }

    public TerminalTimeline(Style style, int width) {
        this.style = style;
        this.width = width;
        this.track = width - LABEL - 2;
    }

    public void render(Timeline timeline, PrintWriter out) {
        String from = ms(timeline.startNanos());
        String to = ms(timeline.endNanos());
        Text.wrap(style.bold("Timeline of " + timeline.scenario()) + " · " + Text.count(timeline.lanes().size(),
                "worker") + " · " + from + " to " + to + " into the run", width, "", "  ").forEach(out::println);
        out.println(" ".repeat(LABEL) + from + " ".repeat(Math.max(1, track - from.length() - to.length())) + to);
        for (Timeline.Lane lane : timeline.lanes()) {
            TrackRow ops = new TrackRow(track);
            lane.ops().forEach(op -> drawOp(timeline, ops, op));
            out.println(label(lane.worker()) + ops.render(style));
            if (!lane.faults().isEmpty()) {
                TrackRow faults = new TrackRow(track);
                lane.faults().forEach(f -> drawFault(timeline, faults, f));
                out.println(" ".repeat(LABEL) + faults.render(style));
            }
        }
        legend(out);
        events(timeline, out);
    }

    /** The key, two spaces between its items where they fit on one line, else one, else on two lines. */
    private void legend(PrintWriter out) {
        for (String gap : List.of("  ", " ")) {
            for (String indent : List.of(" ".repeat(LABEL), "  ")) {
                String line = indent + String.join(gap, LEGEND);
                if (Text.visible(line) <= width) {
                    out.println(style.dim(line));
                    return;
                }
            }
        }
        Text.wrap(String.join(" ", LEGEND), width, "  ").forEach(l -> out.println(style.dim(l)));
    }

    private void drawOp(Timeline timeline, TrackRow row, Op op) {
        int a = column(timeline, op.invokeNanos());
        int b = Math.max(a, column(timeline, op.completeNanos()));
        boolean heavy = timeline.violates(op);
        OpLabel.Mark mark = OpLabel.mark(op);
        TrackRow.Kind kind = heavy ? TrackRow.Kind.VIOLATION : kindOf(mark);
        String end = mark == OpLabel.Mark.OK ? (heavy ? "┫" : "┤") : mark.glyph;
        if (a == b) {
            row.put(a, mark == OpLabel.Mark.OK ? (heavy ? "┃" : "│") : mark.glyph, kind);
            return;
        }
        row.put(a, heavy ? "┣" : "├", kind);
        for (int c = a + 1; c < b; c++) {
            row.put(c, heavy ? "━" : "─", kind);
        }
        row.put(b, end, kind);
        String text = OpLabel.shortText(op);
        if (b - a - 1 >= text.length() + 2) {
            row.text(a + 2, text, kind);
        }
    }

    private void drawFault(Timeline timeline, TrackRow row, FaultEvent fault) {
        int a = column(timeline, fault.startNanos());
        int b = Math.max(a, column(timeline, fault.endNanos()));
        for (int c = a; c <= b; c++) {
            row.put(c, "░", TrackRow.Kind.FAULT);
        }
        if (b - a - 1 >= fault.name().length()) {
            row.text(a + 1, fault.name(), TrackRow.Kind.FAULT);
        } else if (b + 1 + fault.name().length() < track && row.blank(b + 1, fault.name().length() + 1)) {
            row.text(b + 2, fault.name(), TrackRow.Kind.FAULT);
        }
    }

    private void events(Timeline timeline, PrintWriter out) {
        List<Entry> all = new ArrayList<>();
        timeline.faults().forEach(f -> all.add(new Entry(f.startNanos(), f.target(), f.name() + ": "
                + f.description(), "", TrackRow.Kind.FAULT)));
        for (Op op : timeline.ops()) {
            List<String> names = timeline.violatedBy(op);
            all.add(new Entry(op.invokeNanos(), op.worker(), OpLabel.longText(op), names.isEmpty() ? ""
                    : "◀ " + String.join(", ", names), names.isEmpty() ? TrackRow.Kind.PLAIN
                    : TrackRow.Kind.VIOLATION));
        }
        List<Entry> shown = all.size() <= MAX_EVENTS ? all
                : all.stream().filter(e -> e.kind() != TrackRow.Kind.PLAIN).limit(MAX_EVENTS).toList();
        shown = shown.stream().sorted(Comparator.comparingLong(Entry::at)).toList();
        for (Entry e : shown) {
            String head = String.format(Locale.ROOT, "  %9s  %-11s ", ms(e.at()), fit(e.worker(), 11));
            String text = fit(Text.shortIds(e.text()), width - head.length());
            int room = width - head.length() - text.length() - 2;
            String tail = e.note().isEmpty() || room < 3 ? "" : "  " + fit(e.note(), room);
            out.println(head + (e.kind() == TrackRow.Kind.VIOLATION ? style.red(text + tail)
                    : e.kind() == TrackRow.Kind.FAULT ? style.yellow(text) : text));
        }
        if (shown.size() < all.size()) {
            out.println(style.dim("  … " + (all.size() - shown.size()) + " more operations in the HTML report "
                    + "(lockdrill report)"));
        }
    }

    private record Entry(long at, String worker, String text, String note, TrackRow.Kind kind) {
    }

    private static TrackRow.Kind kindOf(OpLabel.Mark mark) {
        return switch (mark) {
            case ACCEPTED -> TrackRow.Kind.ACCEPTED;
            case REJECTED -> TrackRow.Kind.REJECTED;
            case FAILED, UNKNOWN -> TrackRow.Kind.UNKNOWN;
            case OK -> TrackRow.Kind.PLAIN;
        };
    }

    private int column(Timeline timeline, long nanos) {
        long offset = Math.max(0, Math.min(timeline.duration(), nanos - timeline.startNanos()));
        return (int) Math.round((double) offset * (track - 1) / timeline.duration());
    }

    private static String label(String worker) {
        return "  " + String.format(Locale.ROOT, "%-" + (LABEL - 3) + "s ", fit(worker, LABEL - 3));
    }

    static String fit(String text, int width) {
        return Text.fit(text, width);
    }

    static String ms(long nanos) {
        return String.format(Locale.ROOT, "%.1f ms", nanos / 1e6);
    }
}
