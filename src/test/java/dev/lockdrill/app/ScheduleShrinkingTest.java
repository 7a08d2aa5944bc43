package dev.lockdrill.app;

import dev.lockdrill.check.InvariantResult;
import dev.lockdrill.check.Verdict;
import dev.lockdrill.support.ScheduleId;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.stream.IntStream;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Shrinking runs one check process after another, seconds each: the progress line must hear before
 * every one of them what was tried and how small the schedule is, also when one round's proposals take
 * more than one process. Check processes are replaced by a rule (a schedule fails while it keeps the
 * steps of {@link #CAUSE}) and a fake clock that each run moves 3 s on.
 */
class ScheduleShrinkingTest {
    private static final long RUN_NANOS = TimeUnit.SECONDS.toNanos(3);
    private static final ScheduleId FOUND = ScheduleId.of(4711);
    private static final List<ExploreService.StepLine> STEPS = IntStream.range(0, 40)
            .mapToObj(i -> new ExploreService.StepLine(i, "w-" + (i % 3), "step " + i)).toList();
    private static final InvariantResult STALE = new InvariantResult("stale-write-rejected",
            "a write with a token below the highest is rejected", Verdict.FAIL, List.of());

    /**
     * In each of the 8 chunks of 5 steps and in the first 8 of 16 chunks, so that no step goes until ddmin
     * proposes 16 schedules, two processes' worth, and the first process's 8 all pass.
     */
    private static final List<Integer> CAUSE = List.of(1, 3, 6, 8, 11, 13, 16, 18, 22, 27, 32, 37);

    private final AtomicLong now = new AtomicLong();
    private final List<Long> runsAt = new ArrayList<>();
    private final List<Long> stagesAt = new ArrayList<>();
    private final List<String> stages = new ArrayList<>();

    @Test
    void everyCheckProcessOfTheShrinkingIsAnnouncedWithWhatWasTriedAndTheSizeLeft() {
        ScheduleShrinking shrinking = new ScheduleShrinking(this::run, message -> {
            stagesAt.add(now.get());
            stages.add(message);
        }, now::get);

        ExploreService.Finding finding = shrinking.shrink(FOUND, STEPS,
                new ExploreService.Failure(List.of(STALE), ""));

        assertThat(finding.shrunk().kept()).containsAll(CAUSE).hasSizeLessThan(STEPS.size());
        assertThat(runsAt).hasSizeGreaterThan(8);
        // before each run, a stage was heard since the previous run: no run starts in silence
        for (int i = 0; i < runsAt.size(); i++) {
            long previousRun = i == 0 ? -1 : runsAt.get(i - 1);
            long run = runsAt.get(i);
            assertThat(stagesAt).as("a stage before run %d", i + 1).anyMatch(at -> at > previousRun && at <= run);
        }
        List<String> shrinkingStages = stages.stream().filter(s -> s.startsWith("shrinking")).toList();
        assertThat(shrinkingStages.get(0)).isEqualTo("shrinking schedule 4711 · 40 of 40 steps left · "
                + "0 smaller schedules tried · trying 2");
        assertThat(number(shrinkingStages, "(\\d+) of 40 steps left")).isSortedAccordingTo((a, b) -> b - a);
        assertThat(number(shrinkingStages, "(\\d+) smaller schedules tried")).isSorted().doesNotHaveDuplicates();
        assertThat(stages).contains("confirming schedule " + finding.shrunk() + " · "
                + finding.shrunk().kept().size() + " steps · run 1 of 2");
    }

    private static List<Integer> number(List<String> stages, String pattern) {
        return stages.stream().map(s -> Integer.parseInt(s.replaceAll(".*?" + pattern + ".*", "$1"))).toList();
    }

    private ScheduleShrinking.Tried run(List<ScheduleId> ids) {
        runsAt.add(now.get());
        now.addAndGet(RUN_NANOS);
        return new ScheduleShrinking.Tried() {
            @Override
            public Optional<ExploreService.Failure> failure(ScheduleId id) {
                return CAUSE.stream().allMatch(id::keeps) ? Optional.of(new ExploreService.Failure(List.of(STALE), ""))
                        : Optional.empty();
            }

            @Override
            public List<ExploreService.StepLine> steps(ScheduleId id) {
                return STEPS.stream().filter(s -> id.keeps(s.step())).toList();
            }
        };
    }
}
