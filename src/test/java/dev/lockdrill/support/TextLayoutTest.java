package dev.lockdrill.support;

import org.junit.jupiter.api.Test;

import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

class TextLayoutTest {
    @Test
    void wrapsAtWordBoundariesWithAHangingIndentAndNeverPastTheWidth() {
        List<String> lines = Text.wrap("worker-1 wrote \"written by worker-1\" to paused-holder/report with token 69 "
                + "at 997.3 ms: ACCEPTED — token 69 is stale", 40, "    ", "      ");
        assertThat(lines).allSatisfy(l -> assertThat(l.length()).isLessThanOrEqualTo(40));
        assertThat(lines.get(0)).startsWith("    worker-1");
        assertThat(lines.subList(1, lines.size())).allSatisfy(l -> assertThat(l).startsWith("      ")
                .doesNotStartWith("       "));
        assertThat(String.join(" ", lines).replaceAll(" +", " ").strip()).isEqualTo("worker-1 wrote \"written by "
                + "worker-1\" to paused-holder/report with token 69 at 997.3 ms: ACCEPTED — token 69 is stale");
    }

    @Test
    void colourCodesTakeNoColumns() {
        String red = "\u001b[31mFAIL\u001b[0m";
        assertThat(Text.visible(red)).isEqualTo(4);
        assertThat(Text.wrap(red + " " + "x".repeat(10), 15, "")).hasSize(1);
    }

    @Test
    void aUrlTooLongForTheIndentGetsALineOfItsOwnInOnePiece() {
        String url = "LOCKDRILL_JDBC_URL=jdbc:postgresql://127.0.0.1:5432/postgres?user=postgres),";
        assertThat(Text.wrap("→ Set PGHOST (or " + url + " start Docker", 80, "      ", "        "))
                .containsExactly("      → Set PGHOST (or", url, "        start Docker");
        assertThat(Text.wrap("a\n\nb", 10, "")).containsExactly("a", "", "b");
    }

    @Test
    void onlyAWordLongerThanTheLineIsCut() {
        assertThat(Text.wrap("see " + "a".repeat(30), 20, "")).containsExactly("see", "a".repeat(20), "a".repeat(10));
    }

    @Test
    void codeFoldsKeepingItsSpacing() {
        assertThat(Text.fold("+        return ps.executeUpdate() == 1;", 32, "+       "))
                .containsExactly("+        return", "+       ps.executeUpdate() == 1;");
        assertThat(Text.fold("+" + "x".repeat(30), 20, "+ ")).containsExactly("+" + "x".repeat(19),
                "+ " + "x".repeat(11));
    }

    @Test
    void pluralsAndPunctuation() {
        assertThat(Text.count(1, "check")).isEqualTo("1 check");
        assertThat(Text.count(2, "worker")).isEqualTo("2 workers");
        assertThat(Text.count(0, "entry", "entries")).isEqualTo("0 entries");
        assertThat(Text.clause("Connection to 127.0.0.1:5432 refused.") + ".")
                .isEqualTo("Connection to 127.0.0.1:5432 refused.");
    }

    @Test
    void uuidsAreShortenedTheSameWayEachTime() {
        String id = "3f2a9c1e-5b7d-4e21-9a0b-123456789abc";
        assertThat(Text.shortIds("event " + id + " was published twice: " + id))
                .isEqualTo("event 3f2a9c1e… was published twice: 3f2a9c1e…");
    }

    @Test
    void aTableShrinksItsFlexibleColumnAndFoldsIt() {
        List<List<String>> rows = List.of(List.of("1", "fencing-token", "Fencing tokens at the storage", "attempted"),
                List.of("9", "redlock", "Redlock on five real Redis nodes, and the fence it still needs", "not started"));
        Columns columns = Columns.fit(rows, 60, "", 2, 10);
        List<String> lines = rows.stream().flatMap(r -> columns.render(r).stream()).toList();
        assertThat(lines).allSatisfy(l -> assertThat(l.length()).isLessThanOrEqualTo(60));
        assertThat(lines).hasSizeGreaterThan(2);
        assertThat(lines.get(lines.size() - 1)).startsWith(" ".repeat(16)).doesNotContain("not started");
    }

    @Test
    void proseIsReflowedButCodeAndHeadingsAreNot() {
        String brief = "# A heading that is rather long and must stay on one line as written here\n\n"
                + "A paragraph hard-wrapped\nat a narrow width that now\njoins up.\n\n"
                + "- an item whose text goes on\n  on a second line\n\n```\n    code   stays   as is, even when it is long\n```\n";
        String out = Prose.reflow(brief, 40);
        assertThat(out).contains("# A heading that is rather long and must stay on one line as written here",
                "A paragraph hard-wrapped at a narrow", "- an item whose text goes on on a second",
                "\n  line", "    code   stays   as is, even when it is long");
    }

    @Test
    void aWideMarkdownTableBecomesWrappedColumns() {
        String table = "| clause | invariants | scenarios |\n|---|---|---|\n| C1 | outcomes-counted-under-contention, "
                + "half-open-trials-bounded, one-event-per-transition | outcome-hammer, half-open-race |\n";
        assertThat(Prose.reflow(table, 50).lines()).allSatisfy(l -> assertThat(l.length()).isLessThanOrEqualTo(50))
                .noneMatch(l -> l.contains("---"));
    }

    @Test
    void typedTextIsEchoedWithControlCharactersEscapedAndCut() {
        assertThat(Text.literal("\u001b[2Jhi\u0007\n\t\u007f\u202e")).isEqualTo("\\e[2Jhi\\x07\\n\\t\\x7F\\u202E");
        assertThat(Text.literal("fencing-token")).isEqualTo("fencing-token");
        assertThat(Text.literal("k".repeat(100_000))).isEqualTo("k".repeat(Text.MAX_ECHO) + "… (100000 characters)");
        assertThat(Text.printable("two\nlines\u001b[0m")).isEqualTo("two\nlines\\e[0m");
        assertThat(Text.capped("short", 10)).isSameAs("short");
    }
}
