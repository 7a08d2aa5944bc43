package dev.lockdrill.kata.breakerplacement.check;

import dev.lockdrill.check.Evidence;
import dev.lockdrill.check.Invariant;
import dev.lockdrill.check.InvariantResult;
import dev.lockdrill.history.History;
import dev.lockdrill.history.Op;
import dev.lockdrill.kata.breakerplacement.protocol.EmitterOp;
import dev.lockdrill.kata.breakerplacement.protocol.Permit;
import dev.lockdrill.kata.breakerplacement.protocol.PlatformCall;
import dev.lockdrill.kata.breakerplacement.protocol.Report;
import dev.lockdrill.kata.breakerplacement.protocol.Stamp;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Watched at run time: every permit a breaker granted gets exactly one report before the emit
 * returns, and the report says what the answer says about the breaker's (platform, credential).
 * 200 is a success; 503, 401 and an auth-level 403 are failures; an item error (404, 410, 422, or a
 * 403 refusing this one resource) is released — neither a failure (it would trip the breaker) nor a
 * success (it would dilute the failure rate); a rate limit (429, or a 403 with
 * {@code x-ratelimit-remaining: 0} or {@code retry-after}) is a failure or released; a permit not
 * used for a call is released. A 403 is judged by what its headers and body said, never by its code. A permit never
 * reported is a lost half-open trial: the breaker can stay half-open for good.
 *
 * <p>Grants and calls meet by the permit's number, whichever threads they ran on. A report names
 * its permit only through the exception it carries; any other report settles one of its breaker's
 * permits outstanding at that moment: one it is a right report for, whose emit has not returned
 * yet, of those the one whose emit returned first (the permits of one breaker in flight together
 * are interchangeable but for their answers and their emits). Where a single permit is outstanding,
 * as in every scenario but the parallel hammer on one key, that is the only choice.
 */
public final class OutcomesSortedByOwner implements Invariant {
    @Override
    public String name() {
        return "outcomes-sorted-by-owner";
    }

    @Override
    public String description() {
        return "each permit gets one report: 200 success, 401/auth-level 403/503 failure, 404/410/422 "
                + "and a resource's 403 released, 429 or a rate-limit 403 failure or released";
    }

    /** A granted permit: its op, the call that spent it (null: none yet) and the number of the emit it belongs to. */
    private static final class Grant {
        final Op op;
        final Permit permit;
        PlatformCall call;
        long emit;

        Grant(Op op) {
            this.op = op;
            this.permit = Permit.of(op);
            this.emit = Stamp.of(op).emit();
        }
    }

    @Override
    public InvariantResult check(History history) {
        EmitterFacts facts = new EmitterFacts(history);
        List<Evidence> evidence = new ArrayList<>();
        int permits = 0;
        for (String scenario : facts.scenarios()) {
            Map<Long, EmitRecord> emits = new HashMap<>();
            facts.emits(scenario).forEach(e -> emits.put(e.stamp().emit(), e));
            Map<Long, Grant> outstanding = new LinkedHashMap<>();
            for (Op op : facts.ops(scenario)) {
                if (op.is(EmitterOp.PERMIT) && Permit.of(op).granted()) {
                    permits++;
                    outstanding.put(Permit.of(op).number(), new Grant(op));
                } else if (op.is(EmitterOp.PLATFORM_CALL)) {
                    Grant grant = outstanding.get(PlatformCall.of(op).permit());
                    if (grant != null && grant.call == null) {
                        grant.call = PlatformCall.of(op);
                        grant.emit = Stamp.of(op).emit();
                    }
                } else if (op.is(EmitterOp.REPORT)) {
                    Report report = Report.of(op);
                    Grant settled = settle(outstanding, report, op, emits);
                    String wrong;
                    if (settled == null) {
                        wrong = "an outcome (" + report.outcome().label() + ") reported with no permit outstanding";
                    } else {
                        outstanding.remove(settled.permit.number());
                        wrong = judge(settled.call, report.outcome());
                        if (wrong == null && returnedBefore(emits, settled, op)) {
                            wrong = "an outcome (" + report.outcome().label() + ") reported after its emit had "
                                    + "returned";
                        }
                    }
                    if (wrong != null) {
                        EmitRecord emit = settled == null ? null : emits.get(settled.emit);
                        evidence.add(Evidence.of(scenario + ": " + describe(emit == null ? emits.get(Stamp.of(op)
                                .emit()) : emit, op) + " — breaker " + report.breaker() + ": " + wrong, op.id()));
                    }
                }
            }
            for (Grant grant : outstanding.values()) {
                evidence.add(Evidence.of(scenario + ": " + describe(emits.get(grant.emit), grant.op)
                        + " — a permit of breaker " + grant.permit.breaker() + (grant.call == null
                        ? ", not used for a call," : " spent on a " + grant.call.answer() + ",")
                        + " never got an outcome (onSuccess, onError or releasePermission)", grant.op.id()));
            }
        }
        if (permits == 0) {
            return notExercised("no breaker granted a permit");
        }
        return failIfAny(Evidence.capped(evidence, 5));
    }

    /**
     * The permit a report settles: the one it names, else one of its breaker's outstanding permits,
     * preferring one it is right for, then one whose emit has not returned yet, then one it is the
     * only right report for, then the one whose emit returns first (null: none outstanding).
     */
    private static Grant settle(Map<Long, Grant> outstanding, Report report, Op op, Map<Long, EmitRecord> emits) {
        if (report.namesItsPermit() && outstanding.containsKey(report.permit())) {
            return outstanding.get(report.permit());
        }
        Comparator<Grant> order = Comparator.comparingInt((Grant g) -> fits(g, report.outcome()) ? 0 : 1)
                .thenComparingInt(g -> returnedBefore(emits, g, op) ? 1 : 0)
                .thenComparingInt(g -> rightReports(g).size())
                .thenComparingLong(g -> returnNanos(emits, g));
        return outstanding.values().stream().filter(g -> g.permit.instance() == report.instance()).min(order)
                .orElse(null);
    }

    private static Set<Report.Outcome> rightReports(Grant grant) {
        return grant.call == null ? Set.of(Report.Outcome.RELEASED) : grant.call.rightReports();
    }

    private static boolean fits(Grant grant, Report.Outcome outcome) {
        return rightReports(grant).contains(outcome);
    }

    /** When the permit's emit returned (never, as far as the history says, when it has none or has not returned). */
    private static long returnNanos(Map<Long, EmitRecord> emits, Grant grant) {
        EmitRecord emit = emits.get(grant.emit);
        return emit == null || !emit.emit().ok() ? Long.MAX_VALUE : emit.emit().completeNanos();
    }

    private static boolean returnedBefore(Map<Long, EmitRecord> emits, Grant grant, Op report) {
        return returnNanos(emits, grant) < report.invokeNanos();
    }

    /** An emit described, or where an op happened when it belongs to none the harness knows. */
    private static String describe(EmitRecord emit, Op op) {
        return emit != null ? emit.describe() : "outside any emit (t=" + Stamp.of(op).tick() + " ms)";
    }

    /** Why this outcome is the wrong report for that answer, or null when it is right. */
    static String judge(PlatformCall call, Report.Outcome outcome) {
        Set<Report.Outcome> right = call == null ? Set.of(Report.Outcome.RELEASED) : call.rightReports();
        String what;
        if (call == null) {
            what = "a permit not used for a call";
        } else if (call.ok()) {
            what = "a 200";
        } else if (call.permanent()) {
            what = "an item error (" + call.answer() + "), which says nothing about the platform or the credential,";
        } else if (call.rateLimited()) {
            what = "a rate limit (" + call.answer() + ")";
        } else {
            what = "a " + call.answer() + " (the " + (call.credentialRejected() ? "credential's" : "platform's")
                    + " failure)";
        }
        if (right.contains(outcome)) {
            return null;
        }
        return what + " was reported as " + outcome.label() + " (should be "
                + String.join(" or ", right.stream().map(Report.Outcome::label).sorted().toList()) + ")";
    }
}
