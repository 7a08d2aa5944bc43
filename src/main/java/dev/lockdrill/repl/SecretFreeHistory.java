package dev.lockdrill.repl;

import dev.lockdrill.support.Secrets;
import org.jline.reader.impl.history.DefaultHistory;

import java.time.Instant;

/** The shell's history, with every secret (a password in a --jdbc-url...) masked before it is kept or saved. */
final class SecretFreeHistory extends DefaultHistory {
    @Override
    public void add(Instant time, String line) {
        super.add(time, Secrets.redact(line));
    }
}
