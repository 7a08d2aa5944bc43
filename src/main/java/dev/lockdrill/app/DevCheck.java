package dev.lockdrill.app;

import dev.lockdrill.catalog.PristineCopies;
import dev.lockdrill.check.Invariant;
import dev.lockdrill.history.History;
import dev.lockdrill.history.Op;
import dev.lockdrill.kata.Clause;
import dev.lockdrill.kata.Kata;
import dev.lockdrill.score.CheckResult;
import dev.lockdrill.score.RunStatus;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.function.Consumer;
import java.util.stream.Collectors;
import java.util.stream.Stream;

/**
 * For kata authors, like Rustlings' {@code dev check}: per kata, the stub fails, the reference and
 * every correct alternative pass at every seed, every mutant is caught by the invariant its
 * {@code expect.yaml} names at every seed, and every contract clause names invariants the kata has
 * and scenarios its reference run exercised.
 */
public final class DevCheck {
    /** What an implementation is to the kata. */
    public enum Kind {
        STUB, REFERENCE, MUTANT, ALTERNATIVE
    }

    /** One implementation to check, and what is expected of it. */
    public record Subject(String kata, Kind kind, String name, Path dir, Expectation expected) {
    }

    /** How one subject did over the seeds: how many runs were as expected, and what the others did. */
    public record Outcome(Subject subject, int runs, int asExpected, List<String> problems, long millis) {
        public boolean ok() {
            return runs > 0 && runs == asExpected;
        }
    }

    /** Everything dev check found: per subject, and per kata the contract's coverage problems. */
    public record Report(List<Outcome> outcomes, Map<String, List<String>> coverage) {
        public boolean ok() {
            return outcomes.stream().allMatch(Outcome::ok) && coverage.values().stream().allMatch(List::isEmpty);
        }
    }

    static final int PARALLEL_CHECKS = 2;

    private final AppContext app;
    private final Duration timeout;

    public DevCheck(AppContext app, Duration timeout) {
        this.app = app;
        this.timeout = timeout;
    }

    /**
     * The stub as shipped (the packaged copy, written to {@code .lockdrill/dev/pristine/KATA}: never
     * {@code katas/KATA}, which holds the learner's edits), the reference, and the mutants and
     * alternatives kept beside the tests.
     */
    public List<Subject> subjects(String kata) {
        List<Subject> subjects = new ArrayList<>();
        subjects.add(new Subject(kata, Kind.STUB, "stub", pristineStub(kata), null));
        subjects.add(new Subject(kata, Kind.REFERENCE, "reference", app.workbook().solution(kata), Expectation.PASSES));
        for (Path dir : folders(authoring("mutants", kata))) {
            subjects.add(new Subject(kata, Kind.MUTANT, dir.getFileName().toString(), dir, Expectation.of(dir)));
        }
        for (Path dir : folders(authoring("alternatives", kata))) {
            subjects.add(new Subject(kata, Kind.ALTERNATIVE, dir.getFileName().toString(), dir, Expectation.PASSES));
        }
        return subjects;
    }

    /** Runs one subject at one seed through the real pipeline (no side-by-side reference, no progress recorded). */
    public CheckResult check(Subject subject, long seed) {
        return new CheckService(app).check(new CheckRequest(subject.kata(), subject.dir(), false, false, List.of(),
                seed, null, timeout), CheckProgress.SILENT);
    }

    /** Null when the result is what the subject should give; otherwise why not, in one sentence. */
    public static String judge(Subject subject, CheckResult result) {
        if (subject.kind() == Kind.STUB) {
            return result.status() == RunStatus.PASS || result.status() == RunStatus.COMPILE_ERROR
                    ? "the stub as shipped ended " + result.status().label() + "; it must compile and fail" : null;
        }
        return subject.expected().mismatch(result);
    }

    /**
     * Problems with a kata's contract: clauses without invariants or scenarios, or naming ones the kata
     * does not have (another kata's, a wrapper's inner one) or the reference did not run; a lesson
     * scenario that is not one of the kata's, that no clause names, or that the reference did not run.
     * With {@code scenariosRun} empty it checks only the definition, in milliseconds.
     */
    public static List<String> coverage(Kata kata, Set<String> scenariosRun) {
        List<String> problems = new ArrayList<>();
        if (kata.contract().clauses().isEmpty()) {
            problems.add(kata.id() + " has no contract clauses");
        }
        Set<String> invariants = KataRegistry.invariants(kata).stream().map(Invariant::name)
                .collect(Collectors.toSet());
        Set<String> scenarios = kata.scenarios().stream().map(scenario -> scenario.name()).collect(Collectors.toSet());
        for (Clause clause : kata.contract().clauses()) {
            if (clause.invariants().isEmpty()) {
                problems.add(clause.id() + " has no invariant that judges it");
            }
            if (clause.scenarios().isEmpty()) {
                problems.add(clause.id() + " has no scenario that exercises it");
            }
            clause.invariantNames().stream().filter(i -> !invariants.contains(i))
                    .forEach(i -> problems.add(clause.id() + " names invariant " + i + ", which the kata does not have"));
            clause.scenarios().stream().filter(s -> !kata.scenarios().contains(s))
                    .forEach(s -> problems.add(clause.id() + " names scenario " + s.name() + ", which is not one of "
                            + "the kata's scenarios"));
            if (!scenariosRun.isEmpty()) {
                clause.scenarioNames().stream().filter(s -> !scenariosRun.contains(s))
                        .forEach(s -> problems.add(clause.id() + " names scenario " + s + ", which the reference never ran"));
            }
        }
        String lesson = kata.lessonScenario();
        if (lesson != null && !scenarios.contains(lesson)) {
            problems.add("the lesson scenario " + lesson + " is not one of the kata's scenarios");
        }
        if (lesson != null && kata.contract().clauses().stream().noneMatch(c -> c.scenarioNames().contains(lesson))) {
            problems.add("the lesson scenario " + lesson + " is named by no clause");
        }
        if (lesson != null && !scenariosRun.isEmpty() && !scenariosRun.contains(lesson)) {
            problems.add("the lesson scenario " + lesson + " was never run by the reference");
        }
        return problems;
    }

    /** The scenarios a run exercised (every scenario an operation or a fault was recorded in). */
    public static Set<String> scenarios(History history) {
        Set<String> names = new TreeSet<>();
        if (history != null) {
            history.ops().stream().map(Op::scenario).forEach(names::add);
            history.faults().forEach(f -> names.add(f.scenario()));
        }
        return names;
    }

    public Report run(List<String> katas, List<Long> seeds, Consumer<String> progress) {
        List<Outcome> outcomes = new ArrayList<>();
        Map<String, List<String>> coverage = new LinkedHashMap<>();
        ExecutorService pool = Executors.newFixedThreadPool(PARALLEL_CHECKS);
        try {
            for (String kata : katas) {
                List<Subject> subjects = subjects(kata);
                Map<Subject, List<Future<CheckResult>>> runs = new LinkedHashMap<>();
                for (Subject subject : subjects) {
                    List<Future<CheckResult>> futures = new ArrayList<>();
                    for (long seed : seeds) {
                        futures.add(pool.submit(() -> check(subject, seed)));
                    }
                    runs.put(subject, futures);
                }
                Set<String> scenarios = new TreeSet<>();
                for (Map.Entry<Subject, List<Future<CheckResult>>> entry : runs.entrySet()) {
                    Outcome outcome = outcome(entry.getKey(), seeds, entry.getValue(), scenarios);
                    outcomes.add(outcome);
                    progress.accept(kata + " " + outcome.subject().name() + ": " + outcome.asExpected() + "/"
                            + outcome.runs());
                }
                coverage.put(kata, coverage(KataRegistry.get(kata), scenarios));
            }
        } finally {
            pool.shutdownNow();
        }
        return new Report(outcomes, coverage);
    }

    private static Outcome outcome(Subject subject, List<Long> seeds, List<Future<CheckResult>> futures,
                                   Set<String> scenarios) {
        int good = 0;
        long millis = 0;
        List<String> problems = new ArrayList<>();
        for (int i = 0; i < futures.size(); i++) {
            CheckResult result;
            try {
                result = futures.get(i).get();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new IllegalStateException("dev check was interrupted", e);
            } catch (ExecutionException e) {
                problems.add("seed " + seeds.get(i) + ": " + e.getCause().getMessage());
                continue;
            }
            millis += result.you().millis();
            if (subject.kind() == Kind.REFERENCE) {
                scenarios.addAll(scenarios(result.you().history()));
            }
            String problem = judge(subject, result);
            if (problem == null) {
                good++;
            } else {
                problems.add("seed " + seeds.get(i) + ": " + problem);
            }
        }
        return new Outcome(subject, futures.size(), good, problems, futures.isEmpty() ? 0 : millis / futures.size());
    }

    /** The packaged stub of a kata, written afresh where checks can compile it. */
    public Path pristineStub(String kata) {
        Path dir = app.workbook().stateDir().resolve("dev").resolve("pristine").resolve(kata);
        new PristineCopies().writeTo(kata, dir);
        return dir;
    }

    private Path authoring(String kind, String kata) {
        return app.workbook().root().resolve("src/test/resources").resolve(kind).resolve(kata);
    }

    private static List<Path> folders(Path dir) {
        if (!Files.isDirectory(dir)) {
            return List.of();
        }
        try (Stream<Path> list = Files.list(dir)) {
            return list.filter(Files::isDirectory).sorted().toList();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
