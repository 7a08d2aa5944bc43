package dev.lockdrill.kata.providerfallbackladder.check;

import dev.lockdrill.check.Evidence;

/** What a ladder did that its contract rules out, of one kind, with the evidence that proves it. */
record Finding(Kind kind, Evidence evidence) {
    enum Kind {
        /** Called a provider that was down, the worker having seen the failure itself. */
        CALLED_WHILE_DOWN_SAME_WORKER,
        /** Called a provider another worker had seen fail, within the TTL. */
        CALLED_WHILE_DOWN_OTHER_WORKER,
        /** Skipped a provider whose down state had expired, with no probe out. */
        EXPIRED_SKIPPED,
        /** A second probe of one expired down state while the first was out. */
        STAMPEDE,
        /** Skipped a provider that was up. */
        HEALTHY_SKIPPED,
        /** Skipped a provider that was up and whose last answer was a 4xx. */
        SPARED_SKIPPED,
        /** A call with a timeout over its rung's (or none). */
        TIMEOUT_OVER_RUNG,
        /** A call that could run past the job's budget. */
        OVER_BUDGET,
        /** A job whose answer does not match its calls, or whose calls broke the ladder's order. */
        RESULT
    }

    /** A situation the run put the ladder in, which the invariant of the same name judges. */
    enum Situation {
        DOWN_SAME_WORKER, DOWN_OTHER_WORKER, EXPIRED, EXPIRY_TOGETHER, HEALTHY, AFTER_CLIENT_ERROR, CALLED,
        BUDGET_BINDS, ANSWERED
    }
}
