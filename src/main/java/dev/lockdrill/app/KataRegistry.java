package dev.lockdrill.app;

import dev.lockdrill.catalog.KataHints;
import dev.lockdrill.check.FaultsLanded;
import dev.lockdrill.check.Invariant;
import dev.lockdrill.kata.Kata;
import dev.lockdrill.kata.breakerplacement.BreakerPlacementKata;
import dev.lockdrill.kata.bulkhead.BulkheadKata;
import dev.lockdrill.kata.circuitbreaker.CircuitBreakerKata;
import dev.lockdrill.kata.doublesend.DoubleSendKata;
import dev.lockdrill.kata.fencingtoken.FencingTokenKata;
import dev.lockdrill.kata.leaseclaim.LeaseClaimKata;
import dev.lockdrill.kata.outboxrelay.OutboxRelayKata;
import dev.lockdrill.kata.pglockservice.PgLockServiceKata;
import dev.lockdrill.kata.providerfallbackladder.ProviderFallbackLadderKata;
import dev.lockdrill.kata.redlock.RedlockKata;
import dev.lockdrill.support.LockdrillException;
import dev.lockdrill.support.Suggestions;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/** Every kata the pipeline knows how to check, one line each. */
public final class KataRegistry {
    private static final List<Kata> KATAS = List.of(
            new FencingTokenKata(),
            new LeaseClaimKata(),
            new DoubleSendKata(),
            new OutboxRelayKata(),
            new PgLockServiceKata(),
            new CircuitBreakerKata(),
            new BulkheadKata(),
            new BreakerPlacementKata(),
            new RedlockKata(),
            new ProviderFallbackLadderKata());

    private KataRegistry() {
    }

    public static List<Kata> all() {
        return KATAS;
    }

    public static Optional<Kata> find(String id) {
        return KATAS.stream().filter(kata -> kata.id().equals(id)).findFirst();
    }

    /** The hints shipped in each kata's package, beside its definition. */
    public static KataHints hints() {
        return new KataHints(id -> find(id).map(Object::getClass));
    }

    public static Kata get(String id) {
        return find(id).orElseThrow(() -> LockdrillException.usage("Kata '" + id + "' has no checks in this "
                + "version of lockdrill." + Suggestions.didYouMean(id, ids())
                + " Checkable katas: " + String.join(", ", ids()) + "."));
    }

    /** The kata's own invariants, and for every kata: each scheduled fault landed, or the verdict is unknown. */
    public static List<Invariant> invariants(Kata kata) {
        List<Invariant> invariants = new ArrayList<>(kata.invariants());
        invariants.add(new FaultsLanded());
        return List.copyOf(invariants);
    }

    public static List<String> ids() {
        return KATAS.stream().map(Kata::id).toList();
    }
}
