package dev.lockdrill.kata.outboxrelay.check;

import dev.lockdrill.check.Invariant;

import java.util.List;

/** Every invariant of the outbox-relay kata, in the order they are reported. */
public final class OutboxRelayInvariants {
    private OutboxRelayInvariants() {
    }

    public static List<Invariant> all() {
        return List.of(new CommittedEventsPublished(), new RolledBackNeverPublished(), new DuplicatesKeepEventId(),
                new NoDuplicatesWithoutFault(), new PublishedEventsMarked(), new RelaysProgressConcurrently(),
                new NoUnexpectedErrors());
    }
}
