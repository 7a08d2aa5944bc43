package dev.lockdrill.kata.outboxrelay.workload;

import dev.lockdrill.harness.LostReplies;
import dev.lockdrill.harness.WorkerDataSource;
import dev.lockdrill.harness.explore.CallsAtOnce;
import dev.lockdrill.harness.explore.GcPause;
import dev.lockdrill.harness.explore.SessionKill;
import dev.lockdrill.harness.explore.Step;
import dev.lockdrill.history.Faults;
import dev.lockdrill.kata.outboxrelay.protocol.Decision;
import dev.lockdrill.kata.outboxrelay.protocol.OutboxFaults;
import dev.lockdrill.katas.api.outbox.OutboxEvent;
import dev.lockdrill.katas.api.outbox.OutboxRelay;

import java.sql.SQLException;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Random schedules for outbox-relay: an application commits and rolls back business transactions
 * that enqueue one to three events (seqs past 2^31, 2^32, 2^53 and Long.MAX_VALUE; empty, quoted,
 * multi-line and non-ASCII payloads), or leaves one open to decide later (a late commit below
 * already relayed ids); two to four relays call relayBatch with a max of 1, of 2 to 6, or above
 * every event the schedule holds, and are paused between calls. The
 * nemesis kills a relay's sessions (at once, or right after the broker accepted its next message),
 * crashes a relay's process while its next request is on the way (a fresh process takes its place),
 * loses a request or an acknowledgement, takes the broker down for a relay's next one or two calls,
 * and pauses a relay inside a publish; a relay's call may lose a database reply after the server
 * acted (a claim or a mark committed). In a third of the schedules, two or three relays call
 * relayBatch at once, their round trips put in order by the statement scheduler under priorities
 * drawn from the seed (what they publish in between runs free: it is no round trip). At the end every open transaction commits, every fault ends,
 * and a fresh relay drains the outbox alone, so every committed event must be out and marked.
 */
final class OutboxExplorer implements AutoCloseable {
    static final String APP = "app";
    static final String NEMESIS = "nemesis";
    static final String DRAINER = "relay-last";
    /**
     * Round trips a relayBatch call makes, about (a claim's begin, select, update and commit, and a
     * mark's update and commit): where PCT's change points may fall.
     */
    static final int ROUND_TRIPS_PER_CALL = 6;
    /** Where a relay's GC pause falls: between its calls, never inside one. */
    static final String BETWEEN_CALLS = "between calls";
    static final long[] BOUNDARY_SEQS = {(1L << 31) - 1, 1L << 31, 1L << 32, (1L << 53) + 1, Long.MAX_VALUE};
    static final int MAX_STEPS = 30;
    static final int MAX_FIRST_EVENTS = 9;
    static final int MAX_EVENTS_PER_STEP = 3;
    /** A relayBatch max above every event a schedule can hold: its first business transaction's and three per later step. */
    static final int MORE_THAN_BACKLOG = MAX_FIRST_EVENTS + MAX_STEPS * MAX_EVENTS_PER_STEP + 1;
    static final List<String> PAYLOADS = List.of("", "say \"hi\" and 'bye'", "two\nlines", "naïve café ☕ 日本");

    sealed interface OutboxStep extends Step {
    }

    /** What one enqueued event looks like; its id is drawn when it is enqueued. */
    record EventSpec(String aggregate, long seq, String payload) {
        String describe() {
            return aggregate + " #" + seq + (payload.equals(aggregate + " #" + seq) ? ""
                    : " (payload \"" + payload.replace("\n", "\\n") + "\")");
        }
    }

    /** A business transaction that enqueues the events and commits (or rolls back) at once. */
    record Business(String actor, List<EventSpec> events, boolean commit) implements OutboxStep {
        public String describe() {
            return (commit ? "commits " : "rolls back ") + "a transaction enqueueing "
                    + String.join(", ", events.stream().map(EventSpec::describe).toList());
        }
    }

    /** A business transaction that enqueues the event and stays open until a Decide (or the end) ends it as meant. */
    record Open(String actor, EventSpec event, boolean commit) implements OutboxStep {
        public String describe() {
            return "opens a transaction enqueueing " + event.describe() + ", to " + (commit ? "commit" : "roll back")
                    + " later";
        }
    }

    record Decide(String actor) implements OutboxStep {
        public String describe() {
            return "ends its oldest open transaction as it meant to";
        }
    }

    record Relay(String actor, int max) implements OutboxStep {
        public String describe() {
            return "calls relayBatch(" + max + ")";
        }
    }

    /**
     * Two or three relays' relayBatch calls at once, their round trips put in order by the statement
     * scheduler under seeded priorities with change points (PCT, {@link CallsAtOnce}), not by the
     * machine: two claims racing for one batch, a claim racing a mark. Runs alone (the scheduler owns
     * every round trip of its relays while it runs).
     */
    record Interleaved(List<Relay> calls, long seed) implements OutboxStep, CallsAtOnce.Together<Relay> {
    }

    record Pause(String actor, long millis) implements OutboxStep {
        public String describe() {
            return GcPause.describe(millis, BETWEEN_CALLS);
        }
    }

    record Kill(String actor, String relay) implements OutboxStep {
        public String describe() {
            return SessionKill.describe(relay);
        }
    }

    record KillAfterAccept(String actor, String relay) implements OutboxStep {
        public String describe() {
            return "kills " + relay + "'s sessions right after the broker accepts its next message";
        }
    }

    record Crash(String actor, String relay) implements OutboxStep {
        public String describe() {
            return "crashes " + relay + "'s process while its next publish request is on the way";
        }
    }

    record Timeout(String actor, String relay, boolean ackLost) implements OutboxStep {
        public String describe() {
            return ackLost ? "loses the acknowledgement of " + relay + "'s next message (the broker has it)"
                    : "loses " + relay + "'s next publish request on the way (the broker never gets it)";
        }
    }

    record Outage(String actor, String relay, int calls) implements OutboxStep {
        public String describe() {
            return "takes the broker down for " + relay + " until it has ended " + calls + " relayBatch call(s)";
        }
    }

    record Stall(String actor, String relay, long millis) implements OutboxStep {
        public String describe() {
            return "pauses " + relay + " " + millis + " ms inside its next accepted publish (holding its claim)";
        }
    }

    /**
     * A relay's call whose database reply is lost: after the call's first round trip that ended a
     * transaction (a claim or a mark committed, and only the relay does not know), or after its first
     * round trip of any kind (a read, or a statement inside a transaction, which then rolls back).
     */
    record ReplyLost(String actor, Relay call, boolean committing) implements OutboxStep {
        public String describe() {
            return call.describe() + ", and the database's reply to its first " + (committing ? "committing " : "")
                    + "round trip is lost";
        }
    }

    static List<OutboxStep> generate(SplittableRandom random) {
        int relays = 2 + random.nextInt(3);
        int length = 10 + random.nextInt(MAX_STEPS - 9);
        List<OutboxStep> steps = new ArrayList<>();
        int[] seqs = new int[3];
        steps.add(new Business(APP, events(random, seqs, 4 + random.nextInt(MAX_FIRST_EVENTS - 3)), true));
        int open = 0;
        while (steps.size() < length) {
            String relay = "relay-" + (1 + random.nextInt(relays));
            int roll = random.nextInt(100);
            if (roll < 18) {
                steps.add(new Business(APP, events(random, seqs, 1 + random.nextInt(MAX_EVENTS_PER_STEP)),
                        random.nextInt(4) != 0));
            } else if (roll < 25) {
                steps.add(new Open(APP, events(random, seqs, 1).get(0), random.nextInt(4) != 0));
                open++;
            } else if (roll < 31 && open > 0) {
                steps.add(new Decide(APP));
                open--;
            } else if (roll < 60) {
                Relay call = new Relay(relay, max(random));
                steps.add(random.nextInt(10) == 0 ? new ReplyLost(relay, call, random.nextInt(3) > 0) : call);
            } else if (roll < 65) {
                steps.add(new Pause(relay, 20 + random.nextInt(200)));
            } else if (roll < 71) {
                steps.add(new Kill(NEMESIS, relay));
            } else if (roll < 76) {
                steps.add(new KillAfterAccept(NEMESIS, relay));
            } else if (roll < 80) {
                steps.add(new Crash(NEMESIS, relay));
            } else if (roll < 88) {
                steps.add(new Timeout(NEMESIS, relay, random.nextBoolean()));
            } else if (roll < 94) {
                steps.add(new Outage(NEMESIS, relay, 1 + random.nextInt(2)));
            } else {
                steps.add(new Stall(NEMESIS, relay, 30 + random.nextInt(300)));
            }
        }
        // drawn after the rest, so the other steps of a seed are the ones they were before this step existed;
        // never first, where the first business transaction enqueues what there is to relay
        if (random.nextInt(3) == 0) {
            List<Integer> free = new ArrayList<>();
            for (int r = 1; r <= relays; r++) {
                free.add(r);
            }
            List<Relay> calls = new ArrayList<>();
            for (int i = Math.min(relays, 2 + random.nextInt(2)); i > 0; i--) {
                calls.add(new Relay("relay-" + free.remove(random.nextInt(free.size())), max(random)));
            }
            steps.add(1 + random.nextInt(length - 1), new Interleaved(List.copyOf(calls), random.nextLong()));
            steps.remove(steps.size() - 1);
        }
        return steps;
    }

    /** A relayBatch max of 1 (a third of calls), of 2 to 6, or (one in six) above every event a schedule can have. */
    private static int max(SplittableRandom random) {
        int roll = random.nextInt(6);
        return roll < 2 ? 1 : roll < 5 ? 2 + random.nextInt(5) : MORE_THAN_BACKLOG + random.nextInt(50);
    }

    /** Events on up to three aggregates; one in five has a seq at a 32/53/64-bit boundary, one in four an odd payload. */
    private static List<EventSpec> events(SplittableRandom random, int[] seqs, int count) {
        List<EventSpec> events = new ArrayList<>();
        for (int i = 0; i < count; i++) {
            int aggregate = random.nextInt(seqs.length);
            String name = "order-" + (aggregate + 1);
            long seq = random.nextInt(5) == 0 ? BOUNDARY_SEQS[random.nextInt(BOUNDARY_SEQS.length)]
                    : ++seqs[aggregate];
            String payload = random.nextInt(4) == 0 ? PAYLOADS.get(random.nextInt(PAYLOADS.size())) : name + " #" + seq;
            events.add(new EventSpec(name, seq, payload));
        }
        return events;
    }

    /**
     * One relay process: its name, pool, instance and the faults the nemesis armed for it. A crash
     * ends it; the actor's next call starts a fresh process under a new name.
     */
    private final class Process implements BrokerFault {
        final String name;
        final WorkerDataSource pool;
        final OutboxRelay relay;
        final AtomicInteger killsAfterAccept = new AtomicInteger();
        final AtomicInteger stalls = new AtomicInteger();
        volatile long stallMillis;
        final Deque<Boolean> timeouts = new ArrayDeque<>();
        volatile boolean crashArmed;
        volatile boolean crashed;
        volatile Down down;

        Process(String name) throws SQLException {
            this.name = name;
            this.pool = rig.database().dataSource(name);
            this.relay = rig.relay(name, this, 0, pool);
        }

        @Override
        public Delivery deliver(String relay, OutboxEvent event) {
            long now = rig.recorder().now();
            if (crashArmed) {
                crashArmed = false;
                crashed = true;
                pool.crash();
                int killed = rig.killSessions(name);
                rig.recorder().fault(Faults.CRASH, rig.scenario(), name, now, killed > 0, name + "'s process died "
                        + "while its publish request for event " + event.eventId() + " was on the way (the broker "
                        + "never got it); pg_terminate_backend killed its " + killed + " session(s)");
                return Delivery.CRASH;
            }
            Down outage = down;
            if (outage != null) {
                if (now - outage.start < BrokerOutageScenario.CAP_NANOS) {
                    outage.refused.incrementAndGet();
                    return Delivery.REFUSE;
                }
                outage.end(this, "the cap of " + BrokerOutageScenario.CAP_NANOS / 1_000_000 + " ms was reached "
                        + "while a relayBatch call was still in flight");
            }
            Boolean ackLost;
            synchronized (timeouts) {
                ackLost = timeouts.pollFirst();
            }
            if (ackLost == null) {
                return Delivery.ACCEPT;
            }
            if (ackLost) {
                rig.recorder().fault(OutboxFaults.ACK_LOST, rig.scenario(), name, now, "the broker took event "
                        + event.eventId() + " but its acknowledgement was lost: " + name + " saw a timeout");
                return Delivery.LOSE_ACK;
            }
            rig.recorder().fault(OutboxFaults.REQUEST_LOST, rig.scenario(), name, now, "the request publishing "
                    + "event " + event.eventId() + " was lost on the way: the broker never got it, " + name
                    + " saw a timeout");
            return Delivery.LOSE_REQUEST;
        }

        @Override
        public void accepted(String relay, OutboxEvent event) {
            if (stalls.getAndUpdate(n -> Math.max(0, n - 1)) > 0) {
                long start = rig.recorder().now();
                long millis = stallMillis;
                dev.lockdrill.harness.Pause.millis(millis);
                rig.recorder().fault(Faults.PAUSE, rig.scenario(), name, start, name + " was paused " + millis
                        + " ms right after the broker accepted event " + event.eventId() + ", still holding its claim");
            }
            if (killsAfterAccept.getAndUpdate(n -> Math.max(0, n - 1)) > 0) {
                long start = rig.recorder().now();
                int killed = rig.killSessions(name);
                rig.recorder().fault(Faults.KILL, rig.scenario(), name, start, killed > 0, killed > 0
                        ? "pg_terminate_backend killed " + killed + " session(s) of " + name + " right after the "
                        + "broker accepted event " + event.eventId() + ", before " + name + " could mark it"
                        : name + " had no open session when the broker accepted event " + event.eventId());
            }
        }

        /** After one of this process's calls ended: an outage measured in calls may be over, or its process gone. */
        void callEnded() {
            Down outage = down;
            if (outage != null && crashed) {
                outage.end(this, name + "'s process crashed");
            } else if (outage != null && outage.callsLeft.decrementAndGet() <= 0) {
                outage.end(this, name + " had ended " + outage.calls + " relayBatch call(s)");
            }
        }

        void disarm() {
            crashArmed = false;
            killsAfterAccept.set(0);
            stalls.set(0);
            synchronized (timeouts) {
                timeouts.clear();
            }
            Down outage = down;
            if (outage != null) {
                outage.end(this, "the schedule ended");
            }
        }
    }

    /** The broker down for one relay process, until it has ended a number of calls. */
    private final class Down {
        final long start;
        final int calls;
        final AtomicInteger callsLeft;
        final AtomicInteger refused = new AtomicInteger();

        Down(long start, int calls) {
            this.start = start;
            this.calls = calls;
            this.callsLeft = new AtomicInteger(calls);
        }

        void end(Process process, String why) {
            synchronized (process) {
                if (process.down != this) {
                    return;
                }
                process.down = null;
            }
            rig.recorder().fault(Faults.OUTAGE, rig.scenario(), process.name, start, "the broker was down for "
                    + process.name + ": it refused " + refused.get() + " publish attempt(s) until " + why);
        }
    }

    private final OutboxRig rig;
    private final Map<String, Process> processes = new ConcurrentHashMap<>();
    private final Map<String, AtomicInteger> incarnations = new ConcurrentHashMap<>();
    private final Deque<Undecided> open = new ArrayDeque<>();

    OutboxExplorer(OutboxRig rig) {
        this.rig = rig;
    }

    /** The actor's live process: a fresh one (relay-2, then relay-2b, relay-2c...) when there is none or it crashed. */
    private synchronized Process process(String actor) throws SQLException {
        Process process = processes.get(actor);
        if (process == null || process.crashed) {
            int n = incarnations.computeIfAbsent(actor, a -> new AtomicInteger()).getAndIncrement();
            process = new Process(n == 0 ? actor : actor + (char) ('a' + n));
            processes.put(actor, process);
        }
        return process;
    }

    void take(OutboxStep step) throws Exception {
        if (step instanceof Business b) {
            OpenTx tx = rig.begin(b.events().stream().map(this::event).toList(),
                    b.commit() ? Decision.COMMIT : Decision.ROLLBACK);
            decide(tx, b.commit());
        } else if (step instanceof Open o) {
            OpenTx tx = rig.begin(event(o.event()), o.commit() ? Decision.COMMIT : Decision.ROLLBACK);
            synchronized (open) {
                open.addLast(new Undecided(tx, o.commit()));
            }
        } else if (step instanceof Decide) {
            decideOldest();
        } else if (step instanceof Relay r) {
            relay(r);
        } else if (step instanceof Interleaved i) {
            List<CallsAtOnce.Call> calls = new ArrayList<>();
            for (Relay call : i.calls()) {
                Process process = process(call.actor());
                calls.add(new CallsAtOnce.Call(process.name, process.pool, () -> relay(call)));
            }
            CallsAtOnce.take(rig.recorder(), rig.scenario(), rig.database(), i.seed(), ROUND_TRIPS_PER_CALL, calls);
        } else if (step instanceof ReplyLost l) {
            Process process = process(l.actor());
            LostReplies.during(rig.recorder(), rig.scenario(), process.name, process.pool, l.committing(),
                    () -> rig.relayBatch(process.name, process.relay, l.call().max()));
            process.callEnded();
        } else if (step instanceof Pause p) {
            Process process = process(p.actor());
            GcPause.take(rig.recorder(), rig.scenario(), process.name, p.millis(), BETWEEN_CALLS);
        } else if (step instanceof Kill k) {
            Process process = process(k.relay());
            SessionKill.take(rig.recorder(), rig.scenario(), process.name, process.name,
                    () -> rig.killSessions(process.name), null);
        } else if (step instanceof KillAfterAccept k) {
            process(k.relay()).killsAfterAccept.incrementAndGet();
        } else if (step instanceof Crash c) {
            process(c.relay()).crashArmed = true;
        } else if (step instanceof Timeout t) {
            Process process = process(t.relay());
            synchronized (process.timeouts) {
                process.timeouts.addLast(t.ackLost());
            }
        } else if (step instanceof Outage o) {
            Process process = process(o.relay());
            synchronized (process) {
                if (process.down == null) {
                    process.down = new Down(rig.recorder().now(), o.calls());
                }
            }
        } else if (step instanceof Stall s) {
            Process process = process(s.relay());
            process.stallMillis = s.millis();
            process.stalls.incrementAndGet();
        }
    }

    private void relay(Relay call) throws Exception {
        Process process = process(call.actor());
        rig.relayBatch(process.name, process.relay, call.max());
        process.callEnded();
    }

    private OutboxEvent event(EventSpec spec) {
        String id = new UUID(rig.random().nextLong(), rig.random().nextLong()).toString();
        return new OutboxEvent(id, rig.scenario() + "/" + spec.aggregate(), spec.seq(), spec.payload());
    }

    private void decideOldest() {
        Undecided tx;
        synchronized (open) {
            tx = open.pollFirst();
        }
        if (tx != null) {
            decide(tx.tx(), tx.commit());
        }
    }

    /** A business transaction left open, and what it will do when it ends. */
    private record Undecided(OpenTx tx, boolean commit) {
    }

    private static void decide(OpenTx tx, boolean commit) {
        if (commit) {
            tx.commit();
        } else {
            tx.rollback();
        }
    }

    /**
     * After the steps: open transactions end as they meant to, every armed fault is called off and every outage
     * ends; then a fresh relay drains the outbox alone (the pending count read before each call),
     * and the outbox's ground truth is recorded.
     */
    void finish() throws Exception {
        synchronized (open) {
            while (!open.isEmpty()) {
                decideOldest();
            }
        }
        processes.values().forEach(Process::disarm);
        OutboxRelay last = rig.relay(DRAINER, BrokerFault.NONE, 0);
        for (int call = 0; call < OutboxRig.DRAIN_CALLS && rig.pending() > 0; call++) {
            if (rig.quietRelayBatch(DRAINER, last, 10) <= 0) {
                dev.lockdrill.harness.Pause.millis(2);
            }
        }
        rig.observeOutbox();
    }

    @Override
    public void close() {
        rig.close();
    }
}
