package dev.lockdrill.app;

import dev.lockdrill.catalog.Workbook;
import dev.lockdrill.history.NamedScenario;
import dev.lockdrill.kata.Clause;
import dev.lockdrill.kata.Contract;
import dev.lockdrill.kata.fencingtoken.check.FencingTokenInvariants;
import dev.lockdrill.kata.fencingtoken.workload.FencingTokenWorkload;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The README's Contract section is generated from the kata's definition (`lockdrill dev update`):
 * this fails when a README in the repository is not what `dev update` would write.
 */
class GeneratedReadmeTest {

    @Test
    void everyKatasReadmeContractIsWhatDevUpdateWrites() {
        DevUpdate update = new DevUpdate(Workbook.at(Path.of("")), KataRegistry.all());
        assertThat(update.stale()).as("READMEs whose generated part drifted from the kata definitions; run "
                + "`./lockdrill dev update` and commit").isEmpty();
    }

    @Test
    void aClauseShowsItsTitleTextInvariantsScenariosAndNoteAndAllForEveryScenario() {
        String markdown = ContractSection.markdown(Contract.of("Who calls your class.",
                Clause.of("C1", "stale writes are refused", "A lower token changes nothing.")
                        .judgedBy(FencingTokenInvariants.STALE_WRITE_REJECTED)
                        .at(FencingTokenWorkload.PAUSED_HOLDER, FencingTokenWorkload.TEN_WRITERS)
                        .note("One more word."),
                Clause.of("C2", "Untitled clause.")
                        .judgedBy(FencingTokenInvariants.RETRY_IS_IDEMPOTENT, FencingTokenInvariants.NO_UNEXPECTED_ERRORS)
                        .at(FencingTokenWorkload.SCENARIOS.toArray(NamedScenario[]::new))),
                List.of("paused-holder", "ten-writers", "digit-boundary", "stalled-round-trip", "killed-mid-write",
                        "reply-lost"));
        assertThat(markdown).isEqualTo("""
                ## Contract

                Who calls your class.

                - **C1 — stale writes are refused.** A lower token changes nothing. *Judged by*
                  `stale-write-rejected`. *Scenarios:* paused-holder, ten-writers. One more word.
                - **C2** Untitled clause. *Judged by* `retry-is-idempotent`, `no-unexpected-errors`. *Scenarios:*
                  all.

                """);
    }

    @Test
    void aClauseNamingEveryScenarioButOneSaysSo() {
        List<? extends NamedScenario> allButOne = FencingTokenWorkload.SCENARIOS.subList(0, 5);
        String markdown = ContractSection.markdown(Contract.of("", Clause.of("C1", "Text.")
                        .judgedBy(FencingTokenInvariants.NO_UNEXPECTED_ERRORS)
                        .at(allButOne.toArray(NamedScenario[]::new))),
                FencingTokenWorkload.SCENARIOS.stream().map(NamedScenario::name).toList());
        assertThat(markdown).contains("*Scenarios:* all but reply-lost.");
    }

    @Test
    void aCodeSpanIsNeverSplitAcrossLines() {
        String words = "word ".repeat(18);
        List<String> lines = ContractSection.wrap(words + "`x-ratelimit-remaining: 0` or `retry-after`", "- ", "  ");
        assertThat(lines).hasSize(2).allMatch(line -> line.length() <= ContractSection.WIDTH);
        assertThat(lines.get(1)).startsWith("  `x-ratelimit-remaining: 0`");
    }

    @Test
    void theKataTableIsWrittenFromEachKataYamlInOrder(@TempDir Path root) throws Exception {
        Files.createDirectories(root.resolve("katas/b-kata"));
        Files.createDirectories(root.resolve("katas/a-kata"));
        Files.writeString(root.resolve("katas/b-kata/kata.yaml"), "id: b-kata\ntitle: B\norder: 1\nsummary: s\n"
                + "implementation: katas.b.B\nimplement: 'a `B` store'\nfaults: 'a pause'\n");
        Files.writeString(root.resolve("katas/a-kata/kata.yaml"), "id: a-kata\ntitle: A\norder: 2\nsummary: s\n"
                + "implementation: katas.a.A\nimplement: an A\nfaults: a crash\n");
        Files.writeString(root.resolve("README.md"), "# W\n\n## Katas\n\n" + DevUpdate.KATA_TABLE
                + "| `old` | gone | gone |\n\nAfter.\n");
        DevUpdate update = new DevUpdate(Workbook.at(root), List.of());
        assertThat(update.stale()).extracting(DevUpdate.Drift::section).containsExactly(DevUpdate.KATA_TABLE_SECTION);
        update.write();
        assertThat(Files.readString(root.resolve("README.md"))).isEqualTo("# W\n\n## Katas\n\n" + DevUpdate.KATA_TABLE
                + "| `b-kata` | a `B` store | a pause |\n| `a-kata` | an A | a crash |\n\nAfter.\n");
        assertThat(update.stale()).isEmpty();
    }
}
