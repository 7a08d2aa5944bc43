package dev.lockdrill.harness.schedule;

import dev.lockdrill.harness.Database;
import dev.lockdrill.harness.RoundTripHook;
import dev.lockdrill.harness.WorkerDataSource;
import dev.lockdrill.harness.Workers;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Future;

/**
 * Runs several workers' calls one step at a time, the way a controlled scheduler runs threads: a
 * step is a worker's code from one round trip to PostgreSQL up to its next, each worker is held
 * before each round trip until the {@link SchedulePolicy} picks it, and a worker that waits on
 * another session's lock (an ungranted lock in {@code pg_locks}), or parks in its own code (a
 * sleep, a monitor, a future), stops being a candidate until it moves again. The scheduler decides
 * only once every worker is still, so the order in which statements reach the server is the
 * policy's, and a busy machine makes the run slower, never different.
 *
 * <p>{@link #run} installs it as the {@link RoundTripHook} of every participant's data source for
 * the run; a round trip of any other worker passes straight through.
 */
public final class StatementScheduler implements RoundTripHook {
    /** With nobody able to move for this long (a lock held outside the run), the run lets everyone go. */
    static final long STUCK_CAP_MILLIS = 10_000;
    /** A step that has not reached its next round trip in this long lets everyone go (code that spins). */
    static final long STEP_CAP_MILLIS = 20_000;
    /** Thread-state polls in a row that must see a worker parked before it counts as still. */
    static final int PARKED_CONFIRMATIONS = 3;

    private enum Phase { ARRIVING, HELD, MOVING, IN_ROUND_TRIP, DONE }

    private static final class Lane {
        final String worker;
        Phase phase = Phase.ARRIVING;
        Thread thread;
        boolean granted;
        long grantedAt;
        int parkedPolls;
        /** Set before the lane's thread takes the scheduler's monitor: blocked on it is not parked. */
        volatile boolean atGate;
        String next = "its first line";

        Lane(String worker) {
            this.worker = worker;
        }
    }

    private record Participant(String worker, Workers.CheckedRunnable body) {
    }

    /** Why a worker stopped moving when the turn went to another. */
    public enum Stop {
        HELD, DONE, WAITS_ON_LOCK, PARKED
    }

    /**
     * One grant, in order: which worker moved, into what, and why the one before it stopped (null
     * when the same worker moved again), as text and as a {@link Stop}.
     */
    public record Step(String worker, String into, String previousStopped, Stop previousStop) {
    }

    /** What happened: the steps in order, how many took the turn from a worker that could still move, and whether the scheduler had to let go. */
    public record Run(List<Step> steps, int preemptions, boolean lostControl) {
        /** The schedule as one line: "worker-1 ×3 → worker-2 ×5 (worker-1 held) → worker-1 ×2". */
        public String swimlane() {
            StringBuilder line = new StringBuilder();
            String current = null;
            int count = 0;
            String why = null;
            for (Step step : steps) {
                if (!step.worker().equals(current)) {
                    if (current != null) {
                        append(line, current, count, why);
                    }
                    current = step.worker();
                    count = 0;
                    why = step.previousStopped();
                }
                count++;
            }
            if (current != null) {
                append(line, current, count, why);
            }
            return line.toString();
        }

        private static void append(StringBuilder line, String worker, int count, String why) {
            if (!line.isEmpty()) {
                line.append(" → ");
            }
            line.append(worker).append(" ×").append(count);
            if (why != null) {
                line.append(" (").append(why).append(")");
            }
        }
    }

    private static final java.lang.management.ThreadMXBean THREADS =
            java.lang.management.ManagementFactory.getThreadMXBean();

    private final Database database;
    private final SchedulePolicy policy;
    private final Object monitor = new Object();
    private final Map<String, Lane> lanes = new LinkedHashMap<>();
    private final List<Step> steps = new ArrayList<>();
    private long grants;
    private boolean free;

    private StatementScheduler(Database database, SchedulePolicy policy) {
        this.database = database;
        this.policy = policy;
    }

    @Override
    public void beforeRoundTrip(String worker, String kind, String sql) {
        Lane lane = lane(worker);
        if (lane != null) {
            hold(lane, describe(kind, sql), Phase.IN_ROUND_TRIP);
        }
    }

    @Override
    public void afterRoundTrip(String worker, String kind, String sql, boolean committed) {
        returned(worker);
    }

    @Override
    public void roundTripFailed(String worker, String kind, String sql) {
        returned(worker);
    }

    /**
     * A round trip came back. If another worker was let go while this one waited on a lock, its
     * reply is held until its turn comes again, so two workers never move at once.
     */
    private void returned(String worker) {
        Lane lane = lane(worker);
        if (lane == null) {
            return;
        }
        boolean overtaken;
        lane.atGate = true;
        synchronized (monitor) {
            lane.atGate = false;
            overtaken = lane.grantedAt != grants;
            if (!overtaken) {
                lane.phase = Phase.MOVING;
                lane.thread = Thread.currentThread();
                monitor.notifyAll();
            }
        }
        if (overtaken) {
            hold(lane, "the reply it waited for", Phase.MOVING);
        }
    }

    private Lane lane(String worker) {
        synchronized (monitor) {
            return lanes.get(worker);
        }
    }

    private void hold(Lane lane, String next, Phase after) {
        lane.atGate = true;
        synchronized (monitor) {
            lane.atGate = false;
            lane.phase = Phase.HELD;
            lane.next = next;
            lane.thread = Thread.currentThread();
            monitor.notifyAll();
            try {
                while (!lane.granted && !free) {
                    monitor.wait(100);
                }
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                free = true;
                monitor.notifyAll();
            }
            lane.granted = false;
            lane.phase = after;
            lane.parkedPolls = 0;
        }
    }

    /**
     * Installs a scheduler as the hook of each participant's data source, runs them under the
     * policy, and takes the hooks off again.
     */
    public static Run run(Database database, SchedulePolicy policy, Map<WorkerDataSource, Workers.CheckedRunnable> bodies)
            throws Exception {
        StatementScheduler scheduler = new StatementScheduler(database, policy);
        List<Participant> participants = new ArrayList<>();
        bodies.forEach((source, body) -> {
            source.hook(scheduler);
            participants.add(new Participant(source.worker(), body));
        });
        try {
            return scheduler.run(participants);
        } finally {
            bodies.keySet().forEach(source -> source.hook(RoundTripHook.NONE));
        }
    }

    /** Runs the participants' bodies to their ends under the policy; rethrows a body's exception. */
    private Run run(List<Participant> participants) throws Exception {
        synchronized (monitor) {
            for (Participant participant : participants) {
                lanes.put(participant.worker(), new Lane(participant.worker()));
            }
        }
        int preemptions = 0;
        boolean lostControl = false;
        List<Future<?>> calls = new ArrayList<>();
        try (Workers workers = new Workers(); Connection observer = database.connect("scheduler")) {
            for (Participant participant : participants) {
                Lane lane = lane(participant.worker());
                calls.add(workers.start(participant.worker(), () -> {
                    try {
                        hold(lane, "its first line", Phase.MOVING);
                        participant.body().run();
                    } finally {
                        synchronized (monitor) {
                            lane.phase = Phase.DONE;
                            monitor.notifyAll();
                        }
                    }
                }));
            }
            Lane previous = null;
            while (true) {
                List<String> enabled = awaitStill(observer);
                if (enabled == null) {
                    lostControl = true;
                    break;
                }
                if (enabled.isEmpty()) {
                    break;
                }
                String chosen = policy.next(enabled);
                String stopped = null;
                Stop stop = null;
                synchronized (monitor) {
                    if (previous != null && !previous.worker.equals(chosen)) {
                        stop = stop(previous);
                        stopped = stoppedBecause(previous, stop);
                        if (previous.phase == Phase.HELD) {
                            preemptions++;
                        }
                    }
                    Lane lane = lanes.get(chosen);
                    steps.add(new Step(chosen, lane.next, stopped, stop));
                    grants++;
                    lane.grantedAt = grants;
                    lane.granted = true;
                    monitor.notifyAll();
                    previous = lane;
                }
            }
            if (lostControl) {
                synchronized (monitor) {
                    free = true;
                    monitor.notifyAll();
                }
            }
            for (Future<?> call : calls) {
                Workers.await(call);
            }
        } finally {
            synchronized (monitor) {
                free = true;
                monitor.notifyAll();
            }
        }
        return new Run(List.copyOf(steps), preemptions, lostControl);
    }

    private static Stop stop(Lane previous) {
        return switch (previous.phase) {
            case HELD -> Stop.HELD;
            case DONE -> Stop.DONE;
            case IN_ROUND_TRIP -> Stop.WAITS_ON_LOCK;
            default -> Stop.PARKED;
        };
    }

    private static String stoppedBecause(Lane previous, Stop stop) {
        return switch (stop) {
            case HELD -> previous.worker + " held before " + previous.next;
            case DONE -> previous.worker + " done";
            case WAITS_ON_LOCK -> previous.worker + " waits on a lock";
            case PARKED -> previous.worker + " parked in its code";
        };
    }

    /**
     * Waits until no worker moves: each is held, done, waiting on a lock, or parked. Returns the
     * held ones (empty when all are done), or null when the run is stuck past its caps.
     */
    private List<String> awaitStill(Connection observer) throws SQLException, InterruptedException {
        long start = System.nanoTime();
        long stuckSince = 0;
        while (true) {
            List<String> held = new ArrayList<>();
            boolean still = true;
            boolean allDone = true;
            List<Lane> inRoundTrip = new ArrayList<>();
            synchronized (monitor) {
                for (Lane lane : lanes.values()) {
                    switch (lane.phase) {
                        case HELD -> {
                            if (!lane.granted) {
                                held.add(lane.worker);
                            } else {
                                still = false;
                            }
                            allDone = false;
                        }
                        case DONE -> {
                        }
                        case IN_ROUND_TRIP -> {
                            inRoundTrip.add(lane);
                            allDone = false;
                        }
                        case MOVING -> {
                            allDone = false;
                            if (!parked(lane)) {
                                still = false;
                            }
                        }
                        case ARRIVING -> {
                            allDone = false;
                            still = false;
                        }
                    }
                }
            }
            if (allDone) {
                return List.of();
            }
            if (still && !inRoundTrip.isEmpty() && System.nanoTime() - start > 1_000_000) {
                for (Lane lane : inRoundTrip) {
                    if (!waitingOnLock(observer, lane.worker)) {
                        still = false;
                        break;
                    }
                }
            } else if (!inRoundTrip.isEmpty()) {
                still = false;
            }
            if (still && !held.isEmpty()) {
                synchronized (monitor) {
                    if (held.stream().allMatch(w -> lanes.get(w).phase == Phase.HELD && !lanes.get(w).granted)) {
                        return held;
                    }
                }
                continue;
            }
            long now = System.nanoTime();
            if (still) {
                if (stuckSince == 0) {
                    stuckSince = now;
                } else if (now - stuckSince > STUCK_CAP_MILLIS * 1_000_000) {
                    return null;
                }
            } else {
                stuckSince = 0;
                if (now - start > STEP_CAP_MILLIS * 1_000_000) {
                    return null;
                }
            }
            synchronized (monitor) {
                monitor.wait(1);
            }
        }
    }

    /**
     * Called with the monitor held: the lane's thread has been seen parked on enough polls in a row.
     * Parked means it waits on something only a participant (or time) can end: a sleep, a future, a
     * queue, or a lock a participant owns. A monitor or lock owned by a thread outside the run (the
     * harness's event sink, which other lanes' scenarios write to) is let go without anybody here
     * moving, so a worker blocked on one is still moving.
     */
    private boolean parked(Lane lane) {
        Thread thread = lane.thread;
        if (lane.atGate || thread == null) {
            lane.parkedPolls = 0;
            return false;
        }
        java.lang.management.ThreadInfo info = THREADS.getThreadInfo(thread.getId());
        boolean parkedNow = info != null && switch (info.getThreadState()) {
            case WAITING, TIMED_WAITING, BLOCKED -> info.getLockOwnerId() < 0 || participant(info.getLockOwnerId());
            default -> false;
        };
        lane.parkedPolls = parkedNow ? lane.parkedPolls + 1 : 0;
        return lane.parkedPolls >= PARKED_CONFIRMATIONS;
    }

    private boolean participant(long threadId) {
        for (Lane lane : lanes.values()) {
            if (lane.thread != null && lane.thread.getId() == threadId) {
                return true;
            }
        }
        return false;
    }

    /**
     * An ungranted lock in pg_locks is the server's own word that the session waits on another: the
     * releasing session grants it before its own COMMIT is answered, so a waiter that was let go is
     * never mistaken for one still waiting.
     */
    private boolean waitingOnLock(Connection observer, String worker) throws SQLException {
        try (PreparedStatement ps = observer.prepareStatement("SELECT count(*) FROM pg_locks l "
                + "JOIN pg_stat_activity a ON a.pid = l.pid WHERE a.application_name = ? AND NOT l.granted "
                + "AND l.locktype <> 'extend'")) {
            ps.setString(1, database.applicationName(worker));
            try (ResultSet rs = ps.executeQuery()) {
                return rs.next() && rs.getLong(1) > 0;
            }
        }
    }

    private static String describe(String kind, String sql) {
        if (sql == null) {
            return kind.toUpperCase(java.util.Locale.ROOT);
        }
        String flat = sql.strip().replaceAll("\\s+", " ");
        return "`" + (flat.length() > 40 ? flat.substring(0, 39) + "…" : flat) + "`";
    }
}
