package dev.lockdrill.kata.fencingtoken.check;

import dev.lockdrill.kata.fencingtoken.protocol.Write;
import dev.lockdrill.kata.fencingtoken.protocol.LeaseGrant;
import dev.lockdrill.check.Evidence;
import dev.lockdrill.check.Invariant;
import dev.lockdrill.check.InvariantResult;
import dev.lockdrill.history.History;
import dev.lockdrill.history.Op;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * A write whose token is lower than one already written (and acknowledged before the stale
 * write began) must not take effect. This is the whole point of a fence: the paused holder wakes
 * up, writes, and the storage says no. Reports the first violation of each scenario, stories with
 * a lease and a pause first. A refused resend is not blamed for the row its first sending wrote:
 * a resend that overwrote a newer row shows in the audit trail's token order instead.
 */
public final class StaleWriteRejected implements Invariant {
    @Override
    public String name() {
        return "stale-write-rejected";
    }

    @Override
    public String description() {
        return "a write with a token below one already written is rejected";
    }

    @Override
    public InvariantResult check(History history) {
        FencingFacts facts = new FencingFacts(history);
        Map<String, List<Evidence>> firstPerScenario = new LinkedHashMap<>();
        for (Op write : facts.writes()) {
            if (firstPerScenario.containsKey(write.scenario())
                    || !FencingFacts.accepted(write) && (!facts.applied(write) || facts.isRetry(write))) {
                continue;
            }
            Optional<Op> newer = facts.writes(Write.of(write).key()).stream()
                    .filter(other -> Write.of(other).token() > Write.of(write).token())
                    .filter(other -> FencingFacts.accepted(other) || facts.applied(other))
                    .filter(other -> other.precedes(write))
                    .findFirst();
            newer.ifPresent(other -> firstPerScenario.put(write.scenario(), story(facts, write, other)));
        }
        boolean staleTried = facts.writes().stream().filter(Op::ok).anyMatch(write -> facts.writes(Write.of(write).key())
                .stream().anyMatch(other -> FencingFacts.accepted(other) && other.precedes(write)
                        && Write.of(other).token() > Write.of(write).token()));
        if (firstPerScenario.isEmpty() && !staleTried) {
            return notExercised("no write with a token below an acknowledged one completed");
        }
        List<Evidence> evidence = new ArrayList<>();
        firstPerScenario.values().stream()
                .sorted(Comparator.comparingInt(story -> story.size() > 2 ? 0 : 1))
                .forEach(evidence::addAll);
        return failIfAny(evidence);
    }

    private static List<Evidence> story(FencingFacts facts, Op stale, Op newer) {
        List<Evidence> story = new ArrayList<>();
        facts.leaseOf(stale).ifPresent(lease -> story.add(Evidence.context(stale.worker() + " took token "
                + Write.of(stale).token() + " with a " + LeaseGrant.of(lease).ttlMs() + " ms lease", lease.id())));
        facts.faultsOn(stale).stream()
                .filter(f -> f.startNanos() < stale.invokeNanos())
                .forEach(f -> story.add(Evidence.context(f.description())));
        facts.leaseOf(newer).ifPresent(lease -> story.add(Evidence.context(newer.worker() + " took token "
                + Write.of(newer).token() + " after that lease expired", lease.id())));
        story.add(Evidence.context(FencingFacts.describe(newer), newer.id()));
        story.add(Evidence.of(FencingFacts.describe(stale) + (FencingFacts.accepted(stale) ? "" : " (yet applied)")
                + " — token " + Write.of(stale).token() + " is stale: token " + Write.of(newer).token()
                + " was already written", stale.id()));
        return story;
    }
}
