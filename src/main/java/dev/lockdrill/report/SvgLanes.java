package dev.lockdrill.report;

import dev.lockdrill.history.FaultEvent;
import dev.lockdrill.history.Op;

import java.util.Locale;

/**
 * One scenario's {@link Timeline} as an SVG: a lane per worker ({@code g.lane}), operations as
 * rectangles ({@code rect.op}, classed by outcome, {@code .violation} when a failing invariant
 * names them), tokens written on them, faults as hatched strips ({@code rect.fault}) under the lane.
 */
final class SvgLanes {
    static final int WIDTH = 1000;
    static final int LABEL = 110;
    static final int TRACK = WIDTH - LABEL - 20;
    static final int LANE = 44;
    static final int TOP = 24;

    private SvgLanes() {
    }

    static String render(Timeline timeline) {
        int height = TOP + timeline.lanes().size() * LANE + 8;
        StringBuilder svg = new StringBuilder();
        svg.append(String.format(Locale.ROOT, "<svg xmlns=\"http://www.w3.org/2000/svg\" class=\"timeline\" "
                + "viewBox=\"0 0 %d %d\" width=\"%d\" height=\"%d\" role=\"img\" aria-label=\"%s\">%n",
                WIDTH, height, WIDTH, height, HtmlTimeline.escape("timeline of " + timeline.scenario())));
        axis(timeline, svg, height);
        int y = TOP;
        for (Timeline.Lane lane : timeline.lanes()) {
            svg.append(String.format(Locale.ROOT, "<g class=\"lane\" data-worker=\"%s\">%n",
                    HtmlTimeline.escape(lane.worker())));
            svg.append(String.format(Locale.ROOT, "<text class=\"worker\" x=\"4\" y=\"%d\">%s</text>%n", y + 18,
                    HtmlTimeline.escape(lane.worker())));
            svg.append(String.format(Locale.ROOT, "<line class=\"rail\" x1=\"%d\" y1=\"%d\" x2=\"%d\" y2=\"%d\"/>%n",
                    LABEL, y + 14, LABEL + TRACK, y + 14));
            for (FaultEvent fault : lane.faults()) {
                fault(timeline, fault, y, svg);
            }
            for (int i = 0; i < lane.ops().size(); i++) {
                double next = i + 1 < lane.ops().size() ? x(timeline, lane.ops().get(i + 1).invokeNanos())
                        : LABEL + TRACK + 20;
                op(timeline, lane.ops().get(i), next, y, svg);
            }
            svg.append("</g>\n");
            y += LANE;
        }
        return svg.append("</svg>\n").toString();
    }

    private static void axis(Timeline timeline, StringBuilder svg, int height) {
        for (int i = 0; i <= 4; i++) {
            double x = LABEL + TRACK * i / 4.0;
            long nanos = timeline.startNanos() + timeline.duration() * i / 4;
            svg.append(String.format(Locale.ROOT, "<line class=\"tick\" x1=\"%.1f\" y1=\"16\" x2=\"%.1f\" y2=\"%d\"/>"
                    + "<text class=\"tick-label\" x=\"%.1f\" y=\"12\" text-anchor=\"%s\">%s</text>%n", x, x,
                    height - 4, x, i == 4 ? "end" : "start", TerminalTimeline.ms(nanos)
                    + (i == 0 ? " into the run" : "")));
        }
    }

    /** An operation's box; its label inside when it fits, else after its mark when the lane is free up to {@code next}. */
    private static void op(Timeline timeline, Op op, double next, int y, StringBuilder svg) {
        double x = x(timeline, op.invokeNanos());
        double w = Math.max(3, x(timeline, op.completeNanos()) - x);
        OpLabel.Mark mark = OpLabel.mark(op);
        String classes = "op " + mark.cssClass() + (timeline.violates(op) ? " violation" : "");
        String title = op.worker() + " · " + OpLabel.longText(op) + " · " + TerminalTimeline.ms(op.invokeNanos())
                + " … " + TerminalTimeline.ms(op.completeNanos())
                + (timeline.violates(op) ? " · violates " + String.join(", ", timeline.violatedBy(op)) : "");
        svg.append(String.format(Locale.ROOT, "<rect class=\"%s\" data-op=\"%d\" x=\"%.1f\" y=\"%d\" width=\"%.1f\" "
                + "height=\"20\" rx=\"3\"><title>%s</title></rect>%n", classes, op.id(), x, y + 4, w,
                HtmlTimeline.escape(title)));
        String text = OpLabel.shortText(op);
        double textWidth = text.length() * 6.2;
        if (w >= textWidth + 6) {
            svg.append(String.format(Locale.ROOT, "<text class=\"op-label\" x=\"%.1f\" y=\"%d\">%s</text>%n", x + 3,
                    y + 18, HtmlTimeline.escape(text)));
        } else if (x + w + 12 + textWidth < next) {
            svg.append(String.format(Locale.ROOT, "<text class=\"op-label outside\" x=\"%.1f\" y=\"%d\">%s</text>%n",
                    x + w + 12, y + 18, HtmlTimeline.escape(text)));
        }
        if (mark != OpLabel.Mark.OK) {
            svg.append(String.format(Locale.ROOT, "<text class=\"mark %s\" x=\"%.1f\" y=\"%d\">%s</text>%n",
                    mark.cssClass(), x + w + 2, y + 18, mark.glyph));
        }
    }

    private static void fault(Timeline timeline, FaultEvent fault, int y, StringBuilder svg) {
        double x = x(timeline, fault.startNanos());
        double w = Math.max(3, x(timeline, fault.endNanos()) - x);
        svg.append(String.format(Locale.ROOT, "<rect class=\"fault\" data-fault=\"%s\" x=\"%.1f\" y=\"%d\" "
                + "width=\"%.1f\" height=\"10\"><title>%s</title></rect>%n", HtmlTimeline.escape(fault.name()), x,
                y + 28, w, HtmlTimeline.escape(fault.name() + ": " + fault.description())));
        svg.append(String.format(Locale.ROOT, "<text class=\"fault-label\" x=\"%.1f\" y=\"%d\">%s</text>%n", x + 2,
                y + 37, HtmlTimeline.escape(fault.name())));
    }

    private static double x(Timeline timeline, long nanos) {
        long offset = Math.max(0, Math.min(timeline.duration(), nanos - timeline.startNanos()));
        return LABEL + (double) offset * TRACK / timeline.duration();
    }
}
