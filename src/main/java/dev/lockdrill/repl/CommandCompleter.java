package dev.lockdrill.repl;

import org.jline.reader.Candidate;
import org.jline.reader.Completer;
import org.jline.reader.LineReader;
import org.jline.reader.ParsedLine;
import picocli.AutoComplete;
import picocli.CommandLine.Model.CommandSpec;

import java.util.ArrayList;
import java.util.List;
import java.util.function.Supplier;

/** Completes commands, options and kata ids in the shell, from the picocli command model. */
final class CommandCompleter implements Completer {
    private final Supplier<CommandSpec> spec;

    CommandCompleter(Supplier<CommandSpec> spec) {
        this.spec = spec;
    }

    @Override
    public void complete(LineReader reader, ParsedLine line, List<Candidate> candidates) {
        String[] words = line.words().toArray(String[]::new);
        List<CharSequence> suffixes = new ArrayList<>();
        AutoComplete.complete(spec.get(), words, line.wordIndex(), line.wordCursor(), line.cursor(), suffixes);
        String prefix = line.word().substring(0, line.wordCursor());
        for (CharSequence suffix : suffixes) {
            candidates.add(new Candidate(prefix + suffix));
        }
        if (line.wordIndex() == 0) {
            Repl.EXIT_WORDS.stream().filter(w -> w.startsWith(prefix)).forEach(w -> candidates.add(new Candidate(w)));
        }
    }
}
