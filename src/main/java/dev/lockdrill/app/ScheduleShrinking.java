package dev.lockdrill.app;

import dev.lockdrill.support.ScheduleId;

import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.function.LongSupplier;

/**
 * Takes steps out of a failing schedule while it still fails one of the same invariants ({@link Shrinker}
 * proposes, check processes judge), then confirms the smallest schedule kept. Each check process takes
 * seconds and shrinking may take a minute, so the progress line is told before every run what has been
 * tried and how small the schedule is now.
 */
final class ScheduleShrinking {
    static final int MAX_SHRINK_RUNS = 16;
    static final int MAX_PROPOSALS_PER_RUN = 8;
    static final Duration SHRINK_BUDGET = Duration.ofSeconds(90);
    /** How many times the shrunk schedule is run again to confirm it fails (then the one before it). */
    static final int CONFIRM_RUNS = 2;
    static final Duration CONFIRM_BUDGET = Duration.ofSeconds(30);

    /** Runs schedules in one check process. */
    @FunctionalInterface
    interface Runs {
        Tried run(List<ScheduleId> ids);
    }

    /** What one check process made of its schedules: how each failed, if it did, and its steps. */
    interface Tried {
        Optional<ExploreService.Failure> failure(ScheduleId id);

        List<ExploreService.StepLine> steps(ScheduleId id);
    }

    private final Runs runs;
    private final CheckProgress progress;
    private final LongSupplier nanos;

    ScheduleShrinking(Runs runs, CheckProgress progress, LongSupplier nanos) {
        this.runs = runs;
        this.progress = progress;
        this.nanos = nanos;
    }

    ExploreService.Finding shrink(ScheduleId found, List<ExploreService.StepLine> steps,
                                  ExploreService.Failure failure) {
        Set<String> failing = new LinkedHashSet<>();
        failure.failed().forEach(r -> failing.add(r.name()));
        Shrinker shrinker = new Shrinker(steps.stream().map(ExploreService.StepLine::step).toList());
        List<Kept> kept = new ArrayList<>(List.of(new Kept(found, steps)));
        int processes = 0;
        int tried = 0;
        long start = nanos.getAsLong();
        while (processes < MAX_SHRINK_RUNS && millisSince(start) < SHRINK_BUDGET.toMillis()) {
            List<List<Integer>> proposals = shrinker.proposals();
            if (proposals.isEmpty()) {
                break;
            }
            int firstFailing = -1;
            for (int from = 0; from < proposals.size() && firstFailing < 0; from += MAX_PROPOSALS_PER_RUN) {
                List<List<Integer>> part = proposals.subList(from, Math.min(proposals.size(),
                        from + MAX_PROPOSALS_PER_RUN));
                List<ScheduleId> ids = part.stream().map(found::keeping).toList();
                progress.stage("shrinking schedule " + found + " · " + shrinker.current().size() + " of "
                        + steps.size() + " steps left · " + tried + " smaller schedules tried · trying " + ids.size());
                Tried batch = runs.run(ids);
                processes++;
                tried += ids.size();
                for (int i = 0; i < ids.size(); i++) {
                    ExploreService.Failure again = batch.failure(ids.get(i)).orElse(null);
                    if (same(failing, again)) {
                        firstFailing = from + i;
                        kept.add(new Kept(ids.get(i), batch.steps(ids.get(i))));
                        break;
                    }
                }
            }
            shrinker.outcome(proposals, firstFailing);
        }
        // A proposal is kept on one failing run, and timing decides some failures: the schedule
        // reported (and its replay command) is the smallest kept one that fails again.
        long confirming = nanos.getAsLong();
        for (int i = kept.size() - 1; i > 0 && millisSince(confirming) < CONFIRM_BUDGET.toMillis(); i--) {
            for (int attempt = 1; attempt <= CONFIRM_RUNS; attempt++) {
                progress.stage("confirming schedule " + kept.get(i).id() + " · " + kept.get(i).steps().size()
                        + " steps · run " + attempt + " of " + CONFIRM_RUNS);
                Tried batch = runs.run(List.of(kept.get(i).id()));
                processes++;
                ExploreService.Failure again = batch.failure(kept.get(i).id()).orElse(null);
                if (same(failing, again)) {
                    Kept confirmed = kept.get(i);
                    return new ExploreService.Finding(found, steps.size(), confirmed.id(), confirmed.steps(),
                            again.failed(), again.ended(), processes);
                }
            }
        }
        return new ExploreService.Finding(found, steps.size(), found, steps, failure.failed(), failure.ended(),
                processes);
    }

    /** Whether a run failed as the finding did: one of the same invariants, or ended the same way. */
    private static boolean same(Set<String> failing, ExploreService.Failure again) {
        return again != null && (failing.isEmpty() ? !again.ended().isEmpty()
                : again.failed().stream().anyMatch(r -> failing.contains(r.name())));
    }

    private long millisSince(long startNanos) {
        return TimeUnit.NANOSECONDS.toMillis(nanos.getAsLong() - startNanos);
    }

    /** A schedule the shrinking kept (it failed once), with its steps. */
    private record Kept(ScheduleId id, List<ExploreService.StepLine> steps) {
    }
}
