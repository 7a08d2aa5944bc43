package dev.lockdrill.repl;

import dev.lockdrill.cli.Cli;
import dev.lockdrill.cli.Session;
import org.jline.reader.Candidate;
import org.jline.reader.impl.DefaultParser;
import org.jline.reader.Parser;
import org.junit.jupiter.api.Test;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.ArrayList;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

class CommandCompleterTest {
    private final CommandCompleter completer = new CommandCompleter(() -> Cli.create(
            new Session(() -> null, q -> null, false, false), new PrintWriter(new StringWriter()),
            new PrintWriter(new StringWriter()), false).getCommandSpec());

    private List<String> complete(String buffer) {
        List<Candidate> candidates = new ArrayList<>();
        completer.complete(null, new DefaultParser().parse(buffer, buffer.length(), Parser.ParseContext.COMPLETE),
                candidates);
        return candidates.stream().map(Candidate::value).toList();
    }

    @Test
    void completesCommandNames() {
        assertThat(complete("ch")).contains("check");
        assertThat(complete("q")).contains("quit");
    }

    @Test
    void completesKataIds() {
        assertThat(complete("check fen")).contains("fencing-token");
        assertThat(complete("hint ")).contains("fencing-token");
    }

    @Test
    void completesOptions() {
        assertThat(complete("check fencing-token --se")).contains("--seed");
    }
}
