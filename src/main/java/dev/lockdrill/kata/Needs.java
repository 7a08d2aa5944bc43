package dev.lockdrill.kata;

/**
 * A real system a kata's check runs against. POOLER: a PgBouncer in transaction mode in front of
 * the run's PostgreSQL, when installed (scenarios that need it report not run without it).
 */
public enum Needs {
    POSTGRES, REDIS, POOLER
}
