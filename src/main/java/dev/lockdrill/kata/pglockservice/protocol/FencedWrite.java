package dev.lockdrill.kata.pglockservice.protocol;

import dev.lockdrill.history.Op;

import java.util.Map;

/** The harness's write to the protected resource on a holder's behalf, fenced by the holder's token. */
public record FencedWrite(String key, long token, String value) {
    static final String KEY = "key";
    static final String TOKEN = "token";
    static final String VALUE = "value";

    public Map<String, Object> toMap() {
        return Map.of(KEY, key, TOKEN, token, VALUE, value);
    }

    public static FencedWrite of(Op write) {
        return new FencedWrite(write.stringArg(KEY), write.longArg(TOKEN), write.stringArg(VALUE));
    }
}
