package dev.lockdrill.app;

import dev.lockdrill.catalog.KataManifest;
import dev.lockdrill.catalog.Workbook;
import dev.lockdrill.db.BackendSelector;
import dev.lockdrill.testing.Pipelines;
import dev.lockdrill.testing.Workbooks;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/** Which kata watch and report mean without one named, and which kata watch offers after a pass. */
class KataServiceNavigationTest {
    @TempDir
    Path root;
    AppContext app;
    KataService katas;

    @BeforeEach
    void workbookWithThreeKatas() throws Exception {
        Workbooks.copyKata(Pipelines.repoRoot(), root, "fencing-token");
        for (String id : new String[]{"second", "third"}) {
            Path dir = Files.createDirectories(root.resolve("katas").resolve(id));
            Files.writeString(dir.resolve("kata.yaml"), "id: " + id + "\ntitle: " + id + "\norder: "
                    + (id.equals("second") ? 2 : 3) + "\nimplementation: x.Y\n");
        }
        app = new AppContext(new Workbook(root, root.resolve(".lockdrill")), Clock.systemUTC(),
                new BackendSelector(Map.of(), "root"));
        katas = new KataService(app);
    }

    @AfterEach
    void close() {
        app.close();
    }

    @Test
    void withNothingCheckedTheCurrentKataIsTheFirstNotPassed() {
        assertThat(katas.current()).isEqualTo("fencing-token");
    }

    @Test
    void theCurrentKataIsTheOneCheckedMostRecently() {
        pass("third", "2026-01-01T10:00:05Z");
        app.state().update(s -> s.with("second", s.kata("second").afterCheck("fail", "2026-01-01T10:00:05.5Z")));
        assertThat(katas.current()).isEqualTo("second");
    }

    @Test
    void theNextKataSkipsThoseAlreadyPassed() {
        pass("second", "2026-01-01T10:00:00Z");
        assertThat(katas.next("fencing-token")).map(KataManifest::id).contains("third");
        assertThat(katas.next("third")).isEmpty();
    }

    private void pass(String id, String at) {
        app.state().update(s -> s.with(id, s.kata(id).afterCheck("pass", at)));
    }
}
