package dev.lockdrill.kata;

/** A real system a kata's check runs against. */
public enum Needs {
    POSTGRES, REDIS
}
