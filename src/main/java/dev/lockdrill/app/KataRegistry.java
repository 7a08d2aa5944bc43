package dev.lockdrill.app;

import dev.lockdrill.check.breaker.BreakerMetrics;
import dev.lockdrill.check.breaker.CircuitBreakerInvariants;
import dev.lockdrill.check.bulkhead.BulkheadInvariants;
import dev.lockdrill.check.bulkhead.BulkheadMetrics;
import dev.lockdrill.check.emitter.EmitterInvariants;
import dev.lockdrill.check.emitter.EmitterMetrics;
import dev.lockdrill.check.fencing.FencingMetrics;
import dev.lockdrill.check.fencing.FencingTokenInvariants;
import dev.lockdrill.check.lease.LeaseClaimInvariants;
import dev.lockdrill.check.lease.LeaseMetrics;
import dev.lockdrill.check.lockservice.LockServiceInvariants;
import dev.lockdrill.check.lockservice.LockServiceMetrics;
import dev.lockdrill.check.outbox.OutboxMetrics;
import dev.lockdrill.check.outbox.OutboxRelayInvariants;
import dev.lockdrill.check.send.DoubleSendInvariants;
import dev.lockdrill.check.send.DoubleSendMetrics;
import dev.lockdrill.support.LockdrillException;

import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Function;
import java.util.stream.Collectors;

/** Every kata the pipeline knows how to check (plain data, as Maelstrom's workload map). */
public final class KataRegistry {
    private static final List<KataDefinition> DEFINITIONS = List.of(
            new KataDefinition("fencing-token", "dev.lockdrill.harness.fencing.FencingTokenWorkload",
                    FencingTokenInvariants.all(), new FencingMetrics(), true),
            new KataDefinition("lease-claim", "dev.lockdrill.harness.lease.LeaseClaimWorkload",
                    LeaseClaimInvariants.all(), new LeaseMetrics(), true),
            new KataDefinition("double-send", "dev.lockdrill.harness.send.DoubleSendWorkload",
                    DoubleSendInvariants.all(), new DoubleSendMetrics(), true),
            new KataDefinition("outbox-relay", "dev.lockdrill.harness.outbox.OutboxRelayWorkload",
                    OutboxRelayInvariants.all(), new OutboxMetrics(), true),
            new KataDefinition("pg-lock-service", "dev.lockdrill.harness.lockservice.LockServiceWorkload",
                    LockServiceInvariants.all(), new LockServiceMetrics(), true),
            new KataDefinition("circuit-breaker", "dev.lockdrill.harness.breaker.CircuitBreakerWorkload",
                    CircuitBreakerInvariants.all(), new BreakerMetrics(), false),
            new KataDefinition("bulkhead", "dev.lockdrill.harness.bulkhead.BulkheadWorkload",
                    BulkheadInvariants.all(), new BulkheadMetrics(), false),
            new KataDefinition("breaker-placement", "dev.lockdrill.harness.emitter.EmitterWorkload",
                    EmitterInvariants.all(), new EmitterMetrics(), false));

    private static final Map<String, KataDefinition> BY_ID = DEFINITIONS.stream()
            .collect(Collectors.toMap(KataDefinition::id, Function.identity()));

    private KataRegistry() {
    }

    public static Optional<KataDefinition> find(String id) {
        return Optional.ofNullable(BY_ID.get(id));
    }

    public static KataDefinition get(String id) {
        return find(id).orElseThrow(() -> LockdrillException.usage("Kata '" + id + "' has no checks in this "
                + "version of lockdrill. Checkable katas: " + String.join(", ", ids())));
    }

    public static List<String> ids() {
        return DEFINITIONS.stream().map(KataDefinition::id).toList();
    }
}
