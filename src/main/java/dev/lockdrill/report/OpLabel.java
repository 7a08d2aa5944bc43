package dev.lockdrill.report;

import dev.lockdrill.history.Op;
import dev.lockdrill.history.Outcome;

import java.util.List;
import java.util.Locale;

/**
 * How an operation reads on a timeline, for any kata: its function, the token it carried (an
 * argument named "token", else a result named "token"), and whether it was accepted or rejected
 * (a boolean result named like "accepted", "granted", "acquired"...).
 */
final class OpLabel {
    /** Result names whose boolean value says whether the system accepted the operation. */
    static final List<String> VERDICT_RESULTS = List.of("accepted", "granted", "acquired", "applied", "claimed",
            "renewed", "extended", "released", "completed", "permitted", "allowed", "sent", "ok");

    /** What became of an operation, as the timeline marks it. */
    enum Mark {
        ACCEPTED("✓", "accepted"), REJECTED("✗", "rejected"), OK("┤", "ok"), FAILED("✗", "failed"),
        UNKNOWN("?", "unknown");

        final String glyph;
        final String word;

        Mark(String glyph, String word) {
            this.glyph = glyph;
            this.word = word;
        }

        String cssClass() {
            return name().toLowerCase(Locale.ROOT);
        }
    }

    private OpLabel() {
    }

    static Mark mark(Op op) {
        if (op.outcome() == Outcome.INFO) {
            return Mark.UNKNOWN;
        }
        if (op.outcome() == Outcome.FAIL) {
            return Mark.FAILED;
        }
        for (String name : VERDICT_RESULTS) {
            Object value = op.result().get(name);
            if (value instanceof Boolean accepted) {
                return accepted ? Mark.ACCEPTED : Mark.REJECTED;
            }
        }
        return Mark.OK;
    }

    /** The token an operation carried or was given, or null. */
    static String token(Op op) {
        Object token = op.args().get("token");
        if (token == null) {
            token = op.result().get("token");
        }
        return token == null ? null : token.toString();
    }

    /** "write 71", "acquire 77", "read". */
    static String shortText(Op op) {
        String token = token(op);
        return token == null ? op.f() : op.f() + " " + token;
    }

    /** "write token 71 → rejected", "acquire → token 77", "write token 3 → unknown (connection killed)". */
    static String longText(Op op) {
        Object argToken = op.args().get("token");
        StringBuilder text = new StringBuilder(op.f());
        if (argToken != null) {
            text.append(" token ").append(argToken);
        }
        Mark mark = mark(op);
        text.append(" → ").append(mark.word);
        Object resultToken = op.result().get("token");
        if (argToken == null && resultToken != null) {
            text.append(" token ").append(resultToken);
        }
        if ((mark == Mark.UNKNOWN || mark == Mark.FAILED) && op.error() != null && !op.error().isBlank()) {
            text.append(" (").append(op.error()).append(')');
        }
        return text.toString();
    }
}
