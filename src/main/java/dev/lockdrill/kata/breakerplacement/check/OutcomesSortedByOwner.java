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

import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
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

    /** A granted permit waiting for its report, and the answer of the call it was spent on (null: none yet). */
    private static final class Pending {
        final Op permit;
        final Permit grant;
        PlatformCall call;

        Pending(Op permit) {
            this.permit = permit;
            this.grant = Permit.of(permit);
        }
    }

    @Override
    public InvariantResult check(History history) {
        EmitterFacts facts = new EmitterFacts(history);
        List<Evidence> evidence = new ArrayList<>();
        int permits = 0;
        for (String scenario : facts.scenarios()) {
            for (EmitRecord emit : facts.emits(scenario)) {
                List<Pending> pending = new ArrayList<>();
                for (Op op : emit.ops()) {
                    if (op.is(EmitterOp.PERMIT) && Permit.of(op).granted()) {
                        permits++;
                        pending.add(new Pending(op));
                    } else if (op.is(EmitterOp.PLATFORM_CALL)) {
                        PlatformCall call = PlatformCall.of(op);
                        pending.stream().filter(p -> p.call == null && p.grant.instance() == call.guardInstance())
                                .findFirst().ifPresent(p -> p.call = call);
                    } else if (op.is(EmitterOp.REPORT)) {
                        Report report = Report.of(op);
                        Pending owner = take(pending, report.instance());
                        String wrong = owner == null ? "an outcome (" + report.outcome().label()
                                + ") reported with no permit outstanding" : judge(owner.call, report.outcome());
                        if (wrong != null) {
                            evidence.add(Evidence.of(scenario + ": " + emit.describe() + " — breaker "
                                    + report.breaker() + ": " + wrong, op.id()));
                        }
                    }
                }
                for (Pending p : pending) {
                    evidence.add(Evidence.of(scenario + ": " + emit.describe() + " — a permit of breaker "
                            + p.grant.breaker() + (p.call == null ? ", not used for a call," : " spent on a "
                            + p.call.answer() + ",") + " never got an outcome (onSuccess, onError or "
                            + "releasePermission)", p.permit.id()));
                }
            }
        }
        if (permits == 0) {
            return notExercised("no breaker granted a permit");
        }
        return failIfAny(Evidence.capped(evidence, 5));
    }

    private static Pending take(List<Pending> pending, long instance) {
        Iterator<Pending> it = pending.iterator();
        while (it.hasNext()) {
            Pending p = it.next();
            if (p.grant.instance() == instance) {
                it.remove();
                return p;
            }
        }
        return null;
    }

    /** Why this outcome is the wrong report for that answer, or null when it is right. */
    static String judge(PlatformCall call, Report.Outcome outcome) {
        Set<Report.Outcome> right;
        String what;
        if (call == null) {
            right = Set.of(Report.Outcome.RELEASED);
            what = "a permit not used for a call";
        } else if (call.ok()) {
            right = Set.of(Report.Outcome.SUCCESS);
            what = "a 200";
        } else if (call.permanent()) {
            right = Set.of(Report.Outcome.RELEASED);
            what = "an item error (" + call.answer() + "), which says nothing about the platform or the credential,";
        } else if (call.rateLimited()) {
            right = Set.of(Report.Outcome.FAILURE, Report.Outcome.RELEASED);
            what = "a rate limit (" + call.answer() + ")";
        } else {
            right = Set.of(Report.Outcome.FAILURE);
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
