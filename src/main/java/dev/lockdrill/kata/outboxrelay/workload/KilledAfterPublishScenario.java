package dev.lockdrill.kata.outboxrelay.workload;

import dev.lockdrill.support.Text;
import dev.lockdrill.kata.outboxrelay.protocol.Scenario;
import dev.lockdrill.history.Faults;
import dev.lockdrill.katas.api.outbox.OutboxEvent;
import dev.lockdrill.katas.api.outbox.OutboxRelay;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * relay-1 dies at the worst moment: the broker has just accepted its second message and, before
 * publish() returns, every PostgreSQL session of relay-1 is killed with pg_terminate_backend. The
 * relay never gets to mark what it published. The same relay process carries on: its rows must
 * come back and be published (again, with the same event ids) and marked.
 */
final class KilledAfterPublishScenario implements OutboxScenario {
    static final int KILL_ON_PUBLISH = 2;

    @Override
    public String name() {
        return Scenario.KILLED_AFTER_PUBLISH.label();
    }

    @Override
    public String summary() {
        return "relay-1's sessions are killed after the broker accepted a message, before it is marked";
    }

    @Override
    public void run(OutboxRig rig) throws Exception {
        KillAfterPublish kill = new KillAfterPublish(rig);
        OutboxRelay relay = rig.relay("relay-1", kill, 0);
        int events = 7 + rig.random().nextInt(4);
        List<OutboxEvent> committed = new ArrayList<>();
        for (int i = 1; i <= events; i++) {
            committed.add(rig.event("account-" + (1 + i % 2), i));
        }
        rig.commitAll(committed);
        rig.drain("relay-1", relay, 5);
    }

    /** Kills relay-1's sessions right after the broker accepted its KILL_ON_PUBLISH-th message. */
    private static final class KillAfterPublish implements BrokerFault {
        private final OutboxRig rig;
        private final AtomicInteger accepted = new AtomicInteger();

        private KillAfterPublish(OutboxRig rig) {
            this.rig = rig;
        }

        @Override
        public void accepted(String relay, OutboxEvent event) {
            if (accepted.incrementAndGet() != KILL_ON_PUBLISH) {
                return;
            }
            long start = rig.recorder().now();
            int killed = rig.killSessions(relay);
            rig.recorder().fault(Faults.KILL, rig.scenario(), relay, start, killed > 0, killed > 0
                    ? "pg_terminate_backend killed " + Text.count(killed, "session") + " of " + relay + " right after the broker "
                    + "accepted event " + event.eventId() + ", before " + relay + " could mark it"
                    : relay + " had no open session when the broker accepted event " + event.eventId());
        }
    }
}
