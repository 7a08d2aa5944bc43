package dev.lockdrill.app;

import dev.lockdrill.kata.Clause;
import dev.lockdrill.kata.Kata;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The contract is written twice, in the kata's definition (what the check judges and reports) and
 * in its README (what the learner reads); until one is generated from the other, this fails when
 * they drift: a clause in one and not the other, or a clause's scenario the README never names.
 */
class ContractDriftTest {
    private static final Pattern CLAUSE = Pattern.compile("\\*\\*(C\\d+)\\b");

    @TestFactory
    Stream<DynamicTest> everyKatasReadmeStatesTheClausesItsDefinitionJudges() {
        return KataRegistry.ids().stream().map(id -> DynamicTest.dynamicTest(id, () -> {
            Kata kata = KataRegistry.get(id);
            String readme = Files.readString(Path.of("katas", id, "README.md"));
            String contract = contractSection(readme);
            assertThat(contract).as(id + "'s README has a '## Contract' section").isNotEmpty();
            assertThat(clauseIds(contract)).as(id + ": the clauses of the README's Contract section")
                    .containsExactlyElementsOf(kata.contract().stream().map(Clause::id).toList());
            for (Clause clause : kata.contract()) {
                for (String scenario : clause.scenarios()) {
                    assertThat(readme).as(id + " " + clause.id() + " names scenario " + scenario
                            + ", which the README never mentions").contains(scenario);
                }
            }
        }));
    }

    private static String contractSection(String readme) {
        int start = readme.indexOf("\n## Contract");
        if (start < 0) {
            return "";
        }
        int end = readme.indexOf("\n## ", start + 1);
        return readme.substring(start, end < 0 ? readme.length() : end);
    }

    private static List<String> clauseIds(String contract) {
        Set<String> ids = new LinkedHashSet<>();
        Matcher matcher = CLAUSE.matcher(contract);
        while (matcher.find()) {
            ids.add(matcher.group(1));
        }
        return List.copyOf(ids);
    }
}
