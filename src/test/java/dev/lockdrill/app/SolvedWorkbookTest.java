package dev.lockdrill.app;

import dev.lockdrill.catalog.Workbook;
import dev.lockdrill.score.CheckResult;
import dev.lockdrill.score.RunStatus;
import dev.lockdrill.testing.Pipelines;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Duration;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A learner who solved a kata in their clone must not break the authoring judgement: `dev check` and
 * AuthoringTest judge the stub as shipped, never the learner's katas/ folder.
 */
class SolvedWorkbookTest {
    static final String KATA = "fencing-token";

    @TempDir
    Path dir;

    @Test
    void aSolvedKataLeavesTheShippedStubJudgedAsAFailingStub() throws Exception {
        Workbook workbook = Pipelines.copyWorkbook(dir);
        Path learner = workbook.kata(KATA);
        Files.copy(workbook.solution(KATA).resolve("PostgresFencedStore.java"),
                learner.resolve("PostgresFencedStore.java"), StandardCopyOption.REPLACE_EXISTING);
        try (AppContext app = Pipelines.app(workbook)) {
            DevCheck dev = new DevCheck(app, Duration.ofSeconds(90));
            DevCheck.Subject stub = dev.subjects(KATA).get(0);

            CheckResult learnersRun = dev.check(new DevCheck.Subject(KATA, DevCheck.Kind.ALTERNATIVE, "learner",
                    learner, Expectation.PASSES), 7);
            CheckResult stubRun = dev.check(stub, 7);

            assertThat(learnersRun.status()).as("the learner's folder holds the solution").isEqualTo(RunStatus.PASS);
            assertThat(stub.kind()).isEqualTo(DevCheck.Kind.STUB);
            assertThat(stub.dir()).isNotEqualTo(learner);
            assertThat(Files.readString(stub.dir().resolve("PostgresFencedStore.java"))).contains("TODO");
            assertThat(DevCheck.judge(stub, stubRun)).as(Pipelines.explain(stubRun)).isNull();
        }
    }
}
