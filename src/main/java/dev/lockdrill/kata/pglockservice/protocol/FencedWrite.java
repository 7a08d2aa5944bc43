package dev.lockdrill.kata.pglockservice.protocol;

import dev.lockdrill.history.Fields;
import dev.lockdrill.history.Op;

import java.util.Map;

/** The harness's write to the protected resource on a holder's behalf, fenced by the holder's token. */
public record FencedWrite(String key, long token, String value) {
    public Map<String, Object> toMap() {
        return Fields.of(this);
    }

    public static FencedWrite of(Op write) {
        return write.args(FencedWrite.class);
    }
}
