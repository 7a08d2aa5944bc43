package dev.lockdrill.architecture;

import com.tngtech.archunit.core.importer.ImportOption;
import com.tngtech.archunit.junit.AnalyzeClasses;
import com.tngtech.archunit.junit.ArchTest;
import com.tngtech.archunit.lang.ArchRule;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static com.tngtech.archunit.library.Architectures.layeredArchitecture;
import static com.tngtech.archunit.library.GeneralCodingRules.ACCESS_STANDARD_STREAMS;
import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;

/** The layering of design.md: cli/repl → app → pipeline stages; checkers see only histories. */
@AnalyzeClasses(packages = "dev.lockdrill", importOptions = ImportOption.DoNotIncludeTests.class)
class ArchitectureTest {
    static final String[] STAGES = {"dev.lockdrill.catalog..", "dev.lockdrill.compile..", "dev.lockdrill.runner..",
            "dev.lockdrill.score..", "dev.lockdrill.report..", "dev.lockdrill.progress..", "dev.lockdrill.db..",
            "dev.lockdrill.drill.."};

    @ArchTest
    static final ArchRule layers_are_respected = layeredArchitecture()
            .consideringOnlyDependenciesInAnyPackage("dev.lockdrill..")
            .layer("Cli").definedBy("dev.lockdrill.cli..")
            .layer("Repl").definedBy("dev.lockdrill.repl..")
            .layer("App").definedBy("dev.lockdrill.app..")
            .layer("Stages").definedBy(STAGES)
            .layer("Check").definedBy("dev.lockdrill.check..")
            .layer("Harness").definedBy("dev.lockdrill.harness..")
            .layer("History").definedBy("dev.lockdrill.history..")
            .layer("Api").definedBy("dev.lockdrill.katas.api..")
            .layer("Support").definedBy("dev.lockdrill.support..")
            .whereLayer("Cli").mayNotBeAccessedByAnyLayer()
            .whereLayer("Repl").mayOnlyBeAccessedByLayers("Cli")
            .whereLayer("App").mayOnlyBeAccessedByLayers("Cli")
            .whereLayer("Stages").mayOnlyBeAccessedByLayers("Cli", "Repl", "App", "Stages")
            .whereLayer("Check").mayOnlyBeAccessedByLayers("Cli", "App", "Stages")
            .whereLayer("Harness").mayNotBeAccessedByAnyLayer()
            .whereLayer("Api").mayOnlyBeAccessedByLayers("Harness")
            .because("the harness runs in the child JVM and is started by class name; "
                    + "everything else flows cli/repl → app → stages");

    @ArchTest
    static final ArchRule checkers_depend_only_on_histories = noClasses()
            .that().resideInAPackage("dev.lockdrill.check..")
            .should().dependOnClassesThat().resideOutsideOfPackages("dev.lockdrill.check..",
                    "dev.lockdrill.history..", "dev.lockdrill.support..", "java..")
            .because("invariants are pure functions of a history");

    @ArchTest
    static final ArchRule history_depends_on_nothing_of_ours = noClasses()
            .that().resideInAPackage("dev.lockdrill.history..")
            .should().dependOnClassesThat().resideInAnyPackage("dev.lockdrill.check..", "dev.lockdrill.harness..",
                    "dev.lockdrill.app..", "dev.lockdrill.cli..", "dev.lockdrill.runner..");

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
