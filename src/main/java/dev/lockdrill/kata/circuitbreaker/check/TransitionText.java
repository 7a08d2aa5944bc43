package dev.lockdrill.kata.circuitbreaker.check;

import dev.lockdrill.history.Op;

/** Reads transition ops. */
final class TransitionText {
    private TransitionText() {
    }

    static boolean is(Op transition, String from, String to) {
        return from.equals(transition.stringArg("from")) && to.equals(transition.stringArg("to"));
    }

    static String arrow(Op transition) {
        return transition.stringArg("from") + "→" + transition.stringArg("to");
    }
}
