package dev.lockdrill.kata.pglockservice;

import dev.lockdrill.check.Invariant;
import dev.lockdrill.check.Metrics;
import dev.lockdrill.kata.Clause;
import dev.lockdrill.kata.Contract;
import dev.lockdrill.kata.DeclaredKata;
import dev.lockdrill.kata.Needs;
import dev.lockdrill.kata.pglockservice.check.LockServiceInvariants;
import dev.lockdrill.kata.pglockservice.check.LockServiceMetrics;
import dev.lockdrill.kata.pglockservice.protocol.PooledScenarios;
import dev.lockdrill.kata.pglockservice.workload.LockServiceWorkload;

import java.util.List;

import static dev.lockdrill.kata.pglockservice.check.LockServiceInvariants.CURRENT_LEASE_RENEWS_AND_RELEASES;
import static dev.lockdrill.kata.pglockservice.check.LockServiceInvariants.EXPIRED_LEASE_REACQUIRABLE;
import static dev.lockdrill.kata.pglockservice.check.LockServiceInvariants.GRANTS_MATCH_TABLE;
import static dev.lockdrill.kata.pglockservice.check.LockServiceInvariants.HOLDS_THROUGH_POOLER;
import static dev.lockdrill.kata.pglockservice.check.LockServiceInvariants.NO_UNEXPECTED_ERRORS;
import static dev.lockdrill.kata.pglockservice.check.LockServiceInvariants.ONE_LIVE_HOLDER;
import static dev.lockdrill.kata.pglockservice.check.LockServiceInvariants.ONLY_CURRENT_TOKEN_RENEWS_OR_RELEASES;
import static dev.lockdrill.kata.pglockservice.check.LockServiceInvariants.STALE_HOLDER_FENCED;
import static dev.lockdrill.kata.pglockservice.check.LockServiceInvariants.TOKENS_STRICTLY_INCREASE;
import static dev.lockdrill.kata.pglockservice.workload.LockServiceWorkload.CLOCK_JUMP;
import static dev.lockdrill.kata.pglockservice.workload.LockServiceWorkload.CONTENDERS;
import static dev.lockdrill.kata.pglockservice.workload.LockServiceWorkload.HANDOVER;
import static dev.lockdrill.kata.pglockservice.workload.LockServiceWorkload.INTERLEAVED_ACQUIRES;
import static dev.lockdrill.kata.pglockservice.workload.LockServiceWorkload.KILLED_LOCK_SESSION;
import static dev.lockdrill.kata.pglockservice.workload.LockServiceWorkload.PAUSED_PAST_TTL;
import static dev.lockdrill.kata.pglockservice.workload.LockServiceWorkload.POOLED_HANDOVER;
import static dev.lockdrill.kata.pglockservice.workload.LockServiceWorkload.RENEW_LENGTHS;
import static dev.lockdrill.kata.pglockservice.workload.LockServiceWorkload.RENEW_THEN_STOP;
import static dev.lockdrill.kata.pglockservice.workload.LockServiceWorkload.REPLY_LOST;
import static dev.lockdrill.kata.pglockservice.workload.LockServiceWorkload.STALLED_ACQUIRE;

/** The pg-lock-service kata: how its check plugs into the pipeline. */
public final class PgLockServiceKata extends DeclaredKata {
    public PgLockServiceKata() {
        super("pg-lock-service", LockServiceWorkload.class, LockServiceWorkload.SCENARIOS, Needs.POSTGRES, Needs.POOLER);
    }

    /** A holder paused past its TTL while another takes the lock: the stale holder the token must fence. */
    @Override
    public String lessonScenario() {
        return PAUSED_PAST_TTL.name();
    }

    @Override
    public List<Invariant> invariants() {
        return LockServiceInvariants.all();
    }

    @Override
    public Metrics metrics() {
        return new LockServiceMetrics(LockServiceWorkload.CONTENDERS);
    }

    @Override
    public List<String> timingDependent() {
        return List.of("which of contenders' four processes wins each turn, and its 1 ms retries",
                "how many retries worker-2's takeover takes in paused-past-ttl (20 ms) and renew-then-stop (25 ms)");
    }

    @Override
    public Contract contract() {
        return Contract.of("""
                Your `PostgresLockService` must honour these clauses. Each is judged by the invariants named
                and exercised at its boundaries by the scenarios named (`lockdrill check` prints both).""",
                Clause.of("C1", "one live holder", """
                        At any instant of the *database's* clock at most one lease per name is live. A lease
                        is live from its grant until the TTL the caller *asked for* has passed since the call
                        began (renewals: since the renew began, whether that TTL is longer or shorter than
                        what was left), or until it is released. Not shorter (a lease granted already expired,
                        or in whole seconds), and a jumping process clock changes nothing.""")
                        .judgedBy(ONE_LIVE_HOLDER)
                        .at(HANDOVER, PAUSED_PAST_TTL, RENEW_THEN_STOP, RENEW_LENGTHS, CLOCK_JUMP,
                                KILLED_LOCK_SESSION, CONTENDERS, INTERLEAVED_ACQUIRES),
                Clause.of("C2", "a free lock can be taken", """
                        Once every lease on a name has expired (in DB time) or been released, `tryAcquire`
                        gets it: a lease is not longer than asked, does not die *or survive* with a session, a
                        renew asking less than was left shortens the lease (it sets the expiry, it never keeps
                        a later one), and a process whose clock runs behind is not refused.""")
                        .judgedBy(EXPIRED_LEASE_REACQUIRABLE)
                        .at(PAUSED_PAST_TTL, RENEW_THEN_STOP, RENEW_LENGTHS, CLOCK_JUMP, HANDOVER),
                Clause.of("C3", "tokens strictly increase in the order grants take effect", """
                        Every grant of a name gets a token strictly higher than every grant of that name that
                        took effect before it — judged by effect order (a grant whose call began after
                        another's ended; a grant whose lease would still have been live at another's grant;
                        the order in which the locks table took the tokens), never by whether two calls
                        overlapped. Tokens are `long`: they pass 2^31.""")
                        .judgedBy(TOKENS_STRICTLY_INCREASE)
                        .at(STALLED_ACQUIRE, INTERLEAVED_ACQUIRES, CONTENDERS, RENEW_THEN_STOP, HANDOVER),
                Clause.of("C4", "identity is the token", """
                        `renew` and `release` of a lease that was superseded by a newer grant, or that was
                        already released, return false and change nothing, whoever calls them and whatever
                        holder label it carries.""")
                        .judgedBy(ONLY_CURRENT_TOKEN_RENEWS_OR_RELEASES)
                        .at(HANDOVER, PAUSED_PAST_TTL, RENEW_THEN_STOP, CLOCK_JUMP, INTERLEAVED_ACQUIRES),
                Clause.of("C5", "the current lease acts", """
                        `renew` and `release` of the current lease, while it is certainly live, return true,
                        after a kill of your sessions too (renew several times in a row: each one counts).""")
                        .judgedBy(CURRENT_LEASE_RENEWS_AND_RELEASES)
                        .at(HANDOVER, RENEW_THEN_STOP, RENEW_LENGTHS, KILLED_LOCK_SESSION, CLOCK_JUMP),
                Clause.of("C6", "the token fences", """
                        The protected resource, which only compares tokens, rejects a stale holder once a
                        later holder has written.""")
                        .judgedBy(STALE_HOLDER_FENCED)
                        .at(PAUSED_PAST_TTL, STALLED_ACQUIRE, KILLED_LOCK_SESSION),
                Clause.of("C7", "calls answer", """
                        `tryAcquire`, `renew` and `release` return rather than throw (only the first call
                        after a kill of the worker's sessions may fail); they are called from several threads
                        and processes at once.""")
                        .judgedBy(NO_UNEXPECTED_ERRORS)
                        .at(HANDOVER, PAUSED_PAST_TTL, RENEW_THEN_STOP, RENEW_LENGTHS, CLOCK_JUMP,
                                KILLED_LOCK_SESSION, STALLED_ACQUIRE, INTERLEAVED_ACQUIRES, CONTENDERS, REPLY_LOST),
                Clause.of("C8", "no lock state in a session", """
                        C1–C7 hold when your `DataSource` goes through PgBouncer in transaction mode, where
                        each transaction may run on any server session and a session's state (a session
                        advisory lock, a `SET`) stays behind for whichever client comes next.""")
                        .judgedBy(HOLDS_THROUGH_POOLER)
                        .at(POOLED_HANDOVER)
                        .note("`holds-through-pooler` is C1–C7's invariants over pooled-handover, which is not run "
                                + "(and C8 not exercised) when PgBouncer is not installed."),
                Clause.of("C9", "the answer is what the table did", """
                        A call whose reply was lost after the locks table changed (the grant taken, the lease
                        pushed on, the lock freed) cannot know it acted: it throws (only then may it throw,
                        C7), or it finds out — it never answers "not granted" or `false`. A grant answered as
                        a refusal leaves a lease nobody knows it holds, blocking the lock until it expires.""")
                        .judgedBy(GRANTS_MATCH_TABLE, CURRENT_LEASE_RENEWS_AND_RELEASES, NO_UNEXPECTED_ERRORS)
                        .at(REPLY_LOST)
                        .note("`grants-match-table` holds when every token the table took in a worker's session was "
                                + "returned to it, or its call failed."));
    }

    @Override
    public int lanes() {
        return LockServiceWorkload.LANES.size();
    }

    @Override
    public int peakConnections(int lanes) {
        return 5 + 6 * lanes; // measured: 21, 33 and 58 for two processes of 1, 2 and 4 lanes
    }
}
