package dev.lockdrill.architecture;

import com.tngtech.archunit.core.domain.Dependency;
import com.tngtech.archunit.core.domain.JavaClass;
import com.tngtech.archunit.core.importer.ImportOption;
import com.tngtech.archunit.junit.AnalyzeClasses;
import com.tngtech.archunit.junit.ArchTest;
import com.tngtech.archunit.lang.ArchCondition;
import com.tngtech.archunit.lang.ArchRule;
import com.tngtech.archunit.lang.ConditionEvents;
import com.tngtech.archunit.lang.SimpleConditionEvent;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.classes;
import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static com.tngtech.archunit.library.Architectures.layeredArchitecture;
import static com.tngtech.archunit.library.GeneralCodingRules.ACCESS_STANDARD_STREAMS;
import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;

/** The layering of design.md: cli/repl → app → pipeline stages; checkers see only histories. */
@AnalyzeClasses(packages = "dev.lockdrill", importOptions = ImportOption.DoNotIncludeTests.class)
class ArchitectureTest {
    static final String[] STAGES = {"dev.lockdrill.catalog..", "dev.lockdrill.compile..", "dev.lockdrill.runner..",
            "dev.lockdrill.score..", "dev.lockdrill.report..", "dev.lockdrill.progress..", "dev.lockdrill.db..",
            "dev.lockdrill.drill..", "dev.lockdrill.speech.."};

    @ArchTest
    static final ArchRule layers_are_respected = layeredArchitecture()
            .consideringOnlyDependenciesInAnyPackage("dev.lockdrill..")
            .withOptionalLayers(true)
            .layer("Cli").definedBy("dev.lockdrill.cli..")
            .layer("Repl").definedBy("dev.lockdrill.repl..")
            .layer("App").definedBy("dev.lockdrill.app..")
            .layer("Stages").definedBy(STAGES)
            .layer("Kata").definedBy("dev.lockdrill.kata", "dev.lockdrill.kata.*")
            .layer("Check").definedBy("dev.lockdrill.check..", "dev.lockdrill.kata.*.check..")
            .layer("Protocol").definedBy("dev.lockdrill.kata.*.protocol..")
            .layer("Harness").definedBy("dev.lockdrill.harness..", "dev.lockdrill.kata.*.workload..")
            .layer("History").definedBy("dev.lockdrill.history..")
            .layer("Api").definedBy("dev.lockdrill.katas.api..")
            .layer("Support").definedBy("dev.lockdrill.support..")
            .whereLayer("Cli").mayNotBeAccessedByAnyLayer()
            .whereLayer("Repl").mayOnlyBeAccessedByLayers("Cli")
            .whereLayer("App").mayOnlyBeAccessedByLayers("Cli")
            .whereLayer("Kata").mayOnlyBeAccessedByLayers("Cli", "App")
            .whereLayer("Stages").mayOnlyBeAccessedByLayers("Cli", "Repl", "App", "Stages")
            .whereLayer("Check").mayOnlyBeAccessedByLayers("Cli", "App", "Stages", "Kata")
            .whereLayer("Protocol").mayOnlyBeAccessedByLayers("Check", "Harness", "Kata")
            .whereLayer("Harness").mayOnlyBeAccessedByLayers("Kata")
            .whereLayer("Api").mayOnlyBeAccessedByLayers("Harness")
            .because("the harness runs in the child JVM and is started by class name (a kata names its "
                    + "workload as a class literal); everything else flows cli/repl → app → stages");

    @ArchTest
    static final ArchRule checkers_depend_only_on_histories = noClasses()
            .that().resideInAPackage("dev.lockdrill.check..")
            .should().dependOnClassesThat().resideOutsideOfPackages("dev.lockdrill.check..",
                    "dev.lockdrill.history..", "dev.lockdrill.support..", "java..")
            .because("invariants are pure functions of a history");

    @ArchTest
    static final ArchRule a_katas_checks_see_only_the_check_core_histories_and_its_own_protocol = classes()
            .that().resideInAPackage("dev.lockdrill.kata.*.check..")
            .should(new ArchCondition<JavaClass>("depend only on the check core, history and their own kata's protocol") {
                @Override
                public void check(JavaClass item, ConditionEvents events) {
                    String kata = item.getPackageName().split("\\.")[3];
                    for (Dependency dependency : item.getDirectDependenciesFromSelf()) {
                        String target = dependency.getTargetClass().getPackageName();
                        boolean allowed = target.startsWith("java") || target.isEmpty()
                                || target.startsWith("dev.lockdrill.check") || target.startsWith("dev.lockdrill.history")
                                || target.startsWith("dev.lockdrill.support")
                                || target.startsWith("dev.lockdrill.kata." + kata + ".check")
                                || target.startsWith("dev.lockdrill.kata." + kata + ".protocol");
                        if (!allowed) {
                            events.add(SimpleConditionEvent.violated(dependency, dependency.getDescription()));
                        }
                    }
                }
            })
            .because("invariants are pure functions of a history, in the kata's own vocabulary");

    @ArchTest
    static final ArchRule a_katas_protocol_is_plain_data = noClasses()
            .that().resideInAPackage("dev.lockdrill.kata.*.protocol..")
            .should().dependOnClassesThat().resideInAnyPackage("dev.lockdrill.app..", "dev.lockdrill.cli..",
                    "dev.lockdrill.harness..", "dev.lockdrill.runner..", "dev.lockdrill.score..", "dev.lockdrill.db..",
                    "dev.lockdrill.kata.*.workload..", "dev.lockdrill.kata.*.check..");

    @ArchTest
    static final ArchRule stages_flow_one_way = noClasses()
            .that().resideInAnyPackage("dev.lockdrill.catalog..", "dev.lockdrill.compile..", "dev.lockdrill.db..",
                    "dev.lockdrill.runner..")
            .should().dependOnClassesThat().resideInAnyPackage("dev.lockdrill.score..", "dev.lockdrill.report..",
                    "dev.lockdrill.progress..", "dev.lockdrill.drill..")
            .because("the pipeline runs compile → run → score → report, never backwards");

    @ArchTest
    static final ArchRule scoring_never_reaches_the_report = noClasses()
            .that().resideInAPackage("dev.lockdrill.score..")
            .should().dependOnClassesThat().resideInAnyPackage("dev.lockdrill.report..", "dev.lockdrill.runner..")
            .because("a score is computed from verdicts; rendering and running come around it");

    @ArchTest
    static final ArchRule history_depends_on_nothing_of_ours = noClasses()
            .that().resideInAPackage("dev.lockdrill.history..")
            .should().dependOnClassesThat().resideOutsideOfPackages("dev.lockdrill.history..",
                    "dev.lockdrill.support..", "java..", "com.fasterxml.jackson..");

    @ArchTest
    static final ArchRule learner_api_stands_alone = noClasses()
            .that().resideInAPackage("dev.lockdrill.katas.api..")
            .should().dependOnClassesThat().resideOutsideOfPackages("dev.lockdrill.katas.api..", "java..",
                    "javax..")
            .because("learners compile against it; it must stay small and stable");

    @ArchTest
    static final ArchRule only_cli_and_repl_write_to_the_terminal = noClasses()
            .that().resideOutsideOfPackages("dev.lockdrill.cli..", "dev.lockdrill.repl..")
            .should(ACCESS_STANDARD_STREAMS)
            .because("output goes through the writer a command is given");

    @ArchTest
    static final ArchRule packages_are_free_of_cycles = slices().matching("dev.lockdrill.(*)..").should()
            .beFreeOfCycles();
}
