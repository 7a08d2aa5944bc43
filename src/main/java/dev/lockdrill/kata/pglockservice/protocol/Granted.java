package dev.lockdrill.kata.pglockservice.protocol;

import dev.lockdrill.history.Op;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;

/** The lease a granted tryAcquire returned: its token, holder label and name as the implementation gave them. */
public record Granted(long token, String holder, String leaseName) {
    static final String TOKEN = "token";
    static final String HOLDER = "holder";
    static final String LEASE_NAME = "leaseName";

    public Map<String, Object> toMap() {
        Map<String, Object> result = new LinkedHashMap<>();
        result.put(TOKEN, token);
        result.put(HOLDER, holder);
        result.put(LEASE_NAME, leaseName);
        return result;
    }

    /** The lease of an acquire that completed with a grant; empty for a refusal or a failed call. */
    public static Optional<Granted> of(Op acquire) {
        if (!acquire.ok() || !acquire.accepted().orElse(false)) {
            return Optional.empty();
        }
        return Optional.of(new Granted(acquire.longResult(TOKEN), acquire.stringResult(HOLDER),
                acquire.stringResult(LEASE_NAME)));
    }
}
