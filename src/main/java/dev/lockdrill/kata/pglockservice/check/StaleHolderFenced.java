package dev.lockdrill.kata.pglockservice.check;

import dev.lockdrill.kata.pglockservice.protocol.LockOps;
import dev.lockdrill.kata.pglockservice.protocol.FencedWrite;
import dev.lockdrill.check.Evidence;
import dev.lockdrill.check.Invariant;
import dev.lockdrill.check.InvariantResult;
import dev.lockdrill.history.History;
import dev.lockdrill.history.Op;

import java.util.ArrayList;
import java.util.List;

/**
 * The protected resource (a fenced table: it accepts a write whose token is at least the highest
 * it has accepted) can only tell holders apart by their tokens. A holder's write accepted after
 * another holder's write with a token as high is a stale holder getting through.
 */
public final class StaleHolderFenced implements Invariant {
    @Override
    public String name() {
        return "stale-holder-fenced";
    }

    @Override
    public String description() {
        return "the protected resource rejects a holder once another holder's token has been written";
    }

    @Override
    public InvariantResult check(History history) {
        List<Op> accepted = history.ops(op -> op.is(LockOps.FENCED_WRITE) && op.ok() && op.accepted().orElse(false));
        List<Evidence> evidence = new ArrayList<>();
        for (Op write : accepted) {
            accepted.stream()
                    .filter(other -> !other.worker().equals(write.worker())
                            && FencedWrite.of(other).key().equals(FencedWrite.of(write).key())
                            && FencedWrite.of(other).token() >= FencedWrite.of(write).token() && other.precedes(write))
                    .findFirst()
                    .ifPresent(other -> evidence.add(new Evidence(other.worker() + " wrote " + FencedWrite.of(other).key()
                            + " with token " + FencedWrite.of(other).token() + "; then " + write.worker() + " wrote it with "
                            + "token " + FencedWrite.of(write).token() + " (\"" + FencedWrite.of(write).value() + "\") and the "
                            + "fence let it through: the lock handed out a token that does not order the holders",
                            List.of(write.id()), List.of(other.id()))));
        }
        return failIfAny(evidence);
    }
}
