package dev.lockdrill.check;

import java.util.List;

/** One sentence that proves (part of) a verdict, with the ids of the operations it talks about. */
public record Evidence(String text, List<Long> opIds) {
    public Evidence {
        opIds = List.copyOf(opIds);
    }

    public static Evidence of(String text, Long... opIds) {
        return new Evidence(text, List.of(opIds));
    }
}
