package dev.lockdrill.report;

import dev.lockdrill.history.FaultEvent;
import dev.lockdrill.history.Op;

import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;

/**
 * Draws a {@link Timeline} in 100 columns: a row per worker with its operations as spans (the end
 * marks accepted ✓, rejected ✗ or unknown ?), a row under it for the faults that hit the worker,
 * operations named by a failing invariant in heavy lines (and red), then the key events as a list.
 */
public final class TerminalTimeline {
    static final int WIDTH = 100;
    static final int LABEL = 13;
    static final int TRACK = WIDTH - LABEL - 2;
    static final int MAX_EVENTS = 12;
    private final Style style;

    public TerminalTimeline(Style style) {
        this.style = style;
    }

    public void render(Timeline timeline, PrintWriter out) {
        String total = ms(timeline.duration());
        out.println(style.bold("Timeline of " + timeline.scenario()) + style.dim(" · " + timeline.lanes().size()
                + " workers · " + total + " · heavy line: named by a failing invariant"));
        out.println(" ".repeat(LABEL) + "0" + " ".repeat(Math.max(1, TRACK - 1 - total.length())) + total);
        for (Timeline.Lane lane : timeline.lanes()) {
            TrackRow ops = new TrackRow(TRACK);
            lane.ops().forEach(op -> drawOp(timeline, ops, op));
            out.println(label(lane.worker()) + ops.render(style));
            if (!lane.faults().isEmpty()) {
                TrackRow faults = new TrackRow(TRACK);
                lane.faults().forEach(f -> drawFault(timeline, faults, f));
                out.println(" ".repeat(LABEL) + faults.render(style));
            }
        }
        out.println(style.dim(" ".repeat(LABEL) + "├─┤ operation  ✓ accepted  ✗ rejected or failed  ? unknown  "
                + "░ fault"));
        events(timeline, out);
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
        } else if (b + 1 + fault.name().length() < TRACK && row.blank(b + 1, fault.name().length() + 1)) {
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
            String head = String.format(Locale.ROOT, "  %9s  %-11s ", ms(e.at() - timeline.startNanos()),
                    fit(e.worker(), 11));
            String text = fit(e.text(), WIDTH - head.length());
            int room = WIDTH - head.length() - text.length() - 2;
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

    private static int column(Timeline timeline, long nanos) {
        long offset = Math.max(0, Math.min(timeline.duration(), nanos - timeline.startNanos()));
        return (int) Math.round((double) offset * (TRACK - 1) / timeline.duration());
    }

    private static String label(String worker) {
        return "  " + String.format(Locale.ROOT, "%-" + (LABEL - 3) + "s ", fit(worker, LABEL - 3));
    }

    static String fit(String text, int width) {
        return text.length() <= width ? text : text.substring(0, Math.max(0, width - 1)) + "…";
    }

    static String ms(long nanos) {
        return String.format(Locale.ROOT, "%.1f ms", nanos / 1e6);
    }
}
