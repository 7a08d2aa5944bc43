package dev.lockdrill.kata.breakerplacement.check;

import dev.lockdrill.check.Evidence;
import dev.lockdrill.check.Invariant;
import dev.lockdrill.check.InvariantResult;
import dev.lockdrill.history.History;
import dev.lockdrill.kata.breakerplacement.protocol.EmitterOp;
import dev.lockdrill.kata.breakerplacement.protocol.PlatformCall;

import java.util.ArrayList;
import java.util.List;

/**
 * A 401, or a 403 whose headers and body refuse the credential itself (not a rate limit, not one
 * resource), belongs to the credential: the same token is refused again a few milliseconds later,
 * so the emit does not retry it (no further call, no sleep), and the event is deferred until the
 * credential is fixed — never dead-lettered, since the item itself is fine. A rate-limit 403 is not
 * judged here: it is pace, waited out like a 429 (retry-after-honoured), and never parked for a fix
 * that will not come.
 */
public final class CredentialErrorsDeferred implements Invariant {
    @Override
    public String name() {
        return "credential-errors-deferred";
    }

    @Override
    public String description() {
        return "after a 401 or an auth-level 403 the emit makes no further call or sleep and defers the event (retry-later)";
    }

    @Override
    public InvariantResult check(History history) {
        EmitterFacts facts = new EmitterFacts(history);
        List<Evidence> evidence = new ArrayList<>();
        int judged = 0;
        for (String scenario : facts.scenarios()) {
            for (EmitRecord emit : facts.emits(scenario)) {
                int first = firstRejected(emit.answers());
                if (first < 0) {
                    continue;
                }
                judged++;
                long rejectedAt = emit.calls().get(first).id();
                boolean sleptAfter = emit.sleeps().stream().anyMatch(s -> s.id() > rejectedAt);
                if (first < emit.calls().size() - 1 || sleptAfter || !emit.endedWith(EmitterOp.RETRY_LATER)) {
                    evidence.add(Evidence.of(scenario + ": " + emit.describe() + " — a rejected credential is "
                            + "neither retried at once nor dead-lettered: defer the event", emit.emit().id()));
                }
            }
        }
        if (judged == 0) {
            return notExercised("no call was answered 401 or an auth-level 403");
        }
        return failIfAny(Evidence.capped(evidence, 5));
    }

    private static int firstRejected(List<PlatformCall> answers) {
        for (int i = 0; i < answers.size(); i++) {
            if (answers.get(i).credentialRejected()) {
                return i;
            }
        }
        return -1;
    }
}
