package dev.lockdrill.kata.breakerplacement.workload;

import dev.lockdrill.kata.breakerplacement.protocol.PlatformCall;
import dev.lockdrill.kata.breakerplacement.protocol.Report;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The permits the harness's breakers granted and that are not settled yet, and what became of
 * each, so that each platform call can say whose permit it spent. Nothing here asks which thread
 * did what: the emitter may ask for a permit on one thread, call the platform on another (a time
 * limiter's) and report on a third. A platform call spends a granted permit not yet spent, its own
 * key's breaker's first (the call names its key: the event it carries); a report settles a permit
 * of the breaker it was made to: the one whose call threw the very exception it reports, else the
 * one its outcome fits (a spent permit whose answer it is the only right report for, then one it is
 * a right report for, then an unused one released), oldest first. Which report settled which
 * permit is judged by the checks, which see the whole history; here it only keeps spent and
 * settled permits from being spent again.
 */
final class PermitLedger {
    private final List<Grant> outstanding = new ArrayList<>();
    private long numbers;

    /** One granted permit: its breaker, its number, the emit known to have asked (null: not known), and its call. */
    static final class Grant {
        private final String breaker;
        private final long instance;
        private final long number;
        private final EmitCall askedBy;
        private boolean spent;
        private EmitCall spentBy;
        private PlatformCall answer;
        private Throwable thrown;

        private Grant(String breaker, long instance, long number, EmitCall askedBy) {
            this.breaker = breaker;
            this.instance = instance;
            this.number = number;
            this.askedBy = askedBy;
        }

        String breaker() {
            return breaker;
        }

        long instance() {
            return instance;
        }

        long number() {
            return number;
        }

        /** The emit this permit belongs to: the one whose call spent it, else the one that asked (null: not known). */
        EmitCall emit() {
            return spentBy != null ? spentBy : askedBy;
        }

        /** Whether its call threw {@code error}, or an exception {@code error} wraps. */
        boolean threw(Throwable error) {
            return thrown != null && causedBy(error, thrown);
        }
    }

    synchronized Grant grant(String breaker, long instance, EmitCall askedBy) {
        Grant grant = new Grant(breaker, instance, ++numbers, askedBy);
        outstanding.add(grant);
        return grant;
    }

    /** The permit a call for {@code key} by {@code call} spends, marked spent; null when no breaker has one to spend. */
    synchronized Grant spend(String key, EmitCall call) {
        Grant chosen = outstanding.stream().filter(g -> !g.spent)
                .min(Comparator.comparingInt(g -> (g.breaker.equals(key) ? 0 : 2)
                        + (g.askedBy == null || g.askedBy == call ? 0 : 1)))
                .orElse(null);
        if (chosen != null) {
            chosen.spent = true;
            chosen.spentBy = call;
        }
        return chosen;
    }

    /** What the call that spent {@code grant} was answered, and the exception it threw (null: none). */
    synchronized void answered(Grant grant, PlatformCall answer, Throwable thrown) {
        grant.answer = answer;
        grant.thrown = thrown;
    }

    /** The permit of breaker {@code instance} this report settles, no longer outstanding; null when it had none. */
    synchronized Grant settle(long instance, Report.Outcome outcome, Throwable error) {
        List<Grant> own = outstanding.stream().filter(g -> g.instance == instance).toList();
        Grant chosen = own.stream().filter(g -> g.threw(error)).findFirst()
                .orElseGet(() -> own.stream().min(Comparator.comparingInt(g -> fit(g, outcome))).orElse(null));
        outstanding.remove(chosen);
        return chosen;
    }

    private static int fit(Grant grant, Report.Outcome outcome) {
        if (grant.spent && grant.answer != null && grant.answer.rightReports().equals(Set.of(outcome))) {
            return 0;
        }
        if (grant.spent && (grant.answer == null || grant.answer.rightReports().contains(outcome))) {
            return 1;
        }
        if (!grant.spent && outcome == Report.Outcome.RELEASED) {
            return 2;
        }
        return grant.spent ? 3 : 4;
    }

    /** Whether {@code error} is {@code thrown} or wraps it (an ExecutionException, a CompletionException...). */
    private static boolean causedBy(Throwable error, Throwable thrown) {
        Map<Throwable, Boolean> seen = new IdentityHashMap<>();
        for (Throwable t = error; t != null && seen.put(t, true) == null; t = t.getCause()) {
            if (t == thrown) {
                return true;
            }
        }
        return false;
    }
}
