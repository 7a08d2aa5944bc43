package dev.lockdrill.harness.explore;

import dev.lockdrill.harness.Recorder;
import dev.lockdrill.harness.WorkerDataSource;
import dev.lockdrill.history.Faults;

/**
 * The nemesis step "kill a worker's sessions" (pg_terminate_backend of that worker's sessions
 * only): kills them, lets the worker's pool drop its idle connections when it is given one (as a
 * validating pool would, so the kill is judged on the calls it hit), and records a KILL fault that
 * landed when a session was killed. Shared so that every explorer words it alike.
 */
public final class SessionKill {
    /** What kills the sessions: how many it killed. */
    @FunctionalInterface
    public interface Kill {
        int sessions() throws Exception;
    }

    private SessionKill() {
    }

    /** The step's description. */
    public static String describe(String worker) {
        return "kills " + worker + "'s sessions (pg_terminate_backend)";
    }

    /**
     * Kills with {@code kill} (it returns how many sessions it killed), evicts {@code pool}'s idle
     * connections unless it is null, and records the fault against {@code worker}; {@code whose}
     * names the sessions in the fault's words ("worker-1", "worker-1's lock service").
     */
    public static void take(Recorder recorder, String scenario, String worker, String whose, Kill kill,
                            WorkerDataSource pool) throws Exception {
        long start = recorder.now();
        int killed = kill.sessions();
        if (pool != null) {
            pool.evictIdle();
        }
        recorder.fault(Faults.KILL, scenario, worker, start, killed > 0, killed > 0
                ? "pg_terminate_backend killed " + killed + " session(s) of " + whose
                : whose + " had no session to kill");
    }
}
