package dev.lockdrill.kata.pglockservice.protocol;

import dev.lockdrill.history.Fields;
import dev.lockdrill.history.Op;

import java.util.Map;
import java.util.Optional;

/**
 * The lease a granted tryAcquire returned: its token, holder label and name as the implementation
 * gave them (a null one is not recorded).
 */
public record Granted(long token, String holder, String leaseName) {
    public Map<String, Object> toMap() {
        return Fields.of(this);
    }

    /** The lease of an acquire that completed with a grant; empty for a refusal or a failed call. */
    public static Optional<Granted> of(Op acquire) {
        if (!acquire.ok() || !acquire.accepted().orElse(false)) {
            return Optional.empty();
        }
        return Optional.of(acquire.result(Granted.class));
    }
}
