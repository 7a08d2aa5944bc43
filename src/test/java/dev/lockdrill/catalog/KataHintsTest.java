package dev.lockdrill.catalog;

import dev.lockdrill.app.KataRegistry;
import dev.lockdrill.testing.Pipelines;
import org.junit.jupiter.api.Test;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A kata's hints ship with lockdrill, out of the learner's sight: none of them is in the kata's
 * folder (the stub a clone or `reset` gives), and `hint` has at least three of each.
 */
class KataHintsTest {
    private final Catalog catalog = new Catalog(Workbook.at(Pipelines.repoRoot()));
    private final KataHints hints = KataRegistry.hints();

    @Test
    void everyKataShipsAtLeastThreeHintsAndNoHintFileBelongsToNoKata() throws Exception {
        List<String> ids = catalog.ids();
        assertThat(ids).isNotEmpty().allSatisfy(id -> assertThat(hints.of(id)).as(id).hasSizeGreaterThanOrEqualTo(3)
                .allSatisfy(hint -> assertThat(hint).isNotBlank()));
        Path shipped = Pipelines.repoRoot().resolve("src/main/resources");
        Set<String> packages = ids.stream().map(id -> KataRegistry.get(id).getClass().getPackageName().replace('.', '/'))
                .collect(Collectors.toSet());
        try (Stream<Path> files = Files.walk(shipped)) {
            assertThat(files.filter(f -> f.getFileName().toString().equals(KataHints.FILE))
                    .map(f -> shipped.relativize(f.getParent()).toString().replace('\\', '/')))
                    .as("hint files in the packages of katas that exist").isNotEmpty().allMatch(packages::contains);
        }
    }

    @Test
    void noHintIsInTheLearnersFolder() {
        for (String id : catalog.ids()) {
            Map<String, byte[]> stub = new PristineCopies().files(id);
            assertThat(stub).as("the packaged stub of " + id).containsKey("kata.yaml");
            for (Map.Entry<String, byte[]> file : stub.entrySet()) {
                String raw = new String(file.getValue(), StandardCharsets.UTF_8);
                assertThat(raw).as(id + "/" + file.getKey()).doesNotContainPattern("(?m)^hints:");
                String text = raw.replaceAll("\\s+", " ");
                for (String hint : hints.of(id)) {
                    assertThat(text).as(id + "/" + file.getKey() + " holds a hint").doesNotContain(
                            hint.replaceAll("\\s+", " ").strip());
                }
            }
        }
    }

    @Test
    void anIdThatIsNoKataHasNoHintsAndCannotReachOtherResources() {
        assertThat(hints.of("no-such-kata")).isEmpty();
        assertThat(hints.of("../speech/common-words")).isEmpty();
        assertThat(hints.of(null)).isEmpty();
    }
}
