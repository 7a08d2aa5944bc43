package dev.lockdrill.kata.redlock.check;

import dev.lockdrill.history.History;
import dev.lockdrill.history.Op;
import dev.lockdrill.history.Outcome;
import dev.lockdrill.kata.redlock.protocol.LabNames;
import dev.lockdrill.kata.redlock.protocol.RedlockOp;
import dev.lockdrill.kata.redlock.protocol.Roles;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/** The lab's table counts what each fault did to each lock service, with and without the fence. */
class LabTableTest {
    private final List<Op> ops = new ArrayList<>();

    @Test
    void aSecondHolderWithoutAFenceIsAnExclusionViolationAndTheFenceRefusesTheStaleWrite() {
        String paused = LabNames.REDLOCK_SEQUENCE + "/" + LabNames.PAUSED;
        op(paused, "w-a", RedlockOp.ACQUIRE, Map.of(), true);
        op(paused, "w-b", RedlockOp.ACQUIRE, Map.of(), true);
        op(paused, "w-b", RedlockOp.WRITE, Map.of("role", Roles.CURRENT), true);
        op(paused, "w-b", RedlockOp.UNFENCED_WRITE, Map.of("role", Roles.CURRENT), true);
        op(paused, "w-a", RedlockOp.WRITE, Map.of("role", Roles.STALE), false);
        op(paused, "w-a", RedlockOp.UNFENCED_WRITE, Map.of("role", Roles.STALE), true);
        String pgPaused = LabNames.PG + "/" + LabNames.PAUSED;
        op(pgPaused, "w-a", RedlockOp.ACQUIRE, Map.of(), true);
        op(pgPaused, "w-b", RedlockOp.ACQUIRE, Map.of(), false);
        op(pgPaused, "w-a", RedlockOp.WRITE, Map.of("role", Roles.CURRENT), true);

        LabTable table = LabTable.of(new History(1, ops, List.of(), List.of()));

        LabTable.Row sequence = row(table, "redlock", "seq after grant");
        LabTable.Row redlockAlone = row(table, "redlock", "none");
        assertThat(sequence.faults().get(LabNames.PAUSED)).isEqualTo(LabTable.STALE_REFUSED);
        assertThat(sequence.exclusionViolations()).isZero();
        assertThat(redlockAlone.faults().get(LabNames.PAUSED)).isEqualTo(LabTable.STALE_ACCEPTED);
        assertThat(redlockAlone.exclusionViolations()).isEqualTo(1);
        assertThat(redlockAlone.staleAccepted()).isEqualTo(1);
        assertThat(row(table, "pg-lock-service", "none").faults().get(LabNames.PAUSED))
                .isEqualTo(LabTable.ONE_HOLDER);
    }

    @Test
    void aTokenDrawnAfterTheGrantIsShownUnsafeAndTheGrantPostgresOrdersSafe() {
        String before = LabNames.REDLOCK_SEQUENCE + "/" + LabNames.BEFORE_TOKEN;
        op(before, "w-b", RedlockOp.WRITE, Map.of("role", Roles.CURRENT), true);
        op(before, "w-a", RedlockOp.WRITE, Map.of("role", Roles.STALE), true);
        String granted = LabNames.REDLOCK + "/" + LabNames.BEFORE_TOKEN;
        op(granted, "w-b", RedlockOp.WRITE, Map.of("role", Roles.CURRENT), true);
        op(granted, "w-a", RedlockOp.WRITE, Map.of("role", Roles.CURRENT), true);

        LabTable table = LabTable.of(new History(1, ops, List.of(), List.of()));

        assertThat(row(table, "redlock", "seq after grant").faults().get(LabNames.BEFORE_TOKEN))
                .isEqualTo(LabTable.STALE_ACCEPTED);
        assertThat(row(table, "redlock", "db grant").faults().get(LabNames.BEFORE_TOKEN))
                .isEqualTo(LabTable.ONE_HOLDER);
        assertThat(table.summary()).anySatisfy(line -> assertThat(line)
                .startsWith("redlock, seq after grant: a stale write landed under paused-before-token"));
        assertThat(table.summary()).anySatisfy(line -> assertThat(line)
                .startsWith("redlock, db grant: safe under every fault"));
    }

    @Test
    void theTableFitsEightyColumns() {
        LabTable table = LabTable.of(new History(1, ops, List.of(), List.of()));
        assertThat(table.rows()).hasSize(5);
        assertThat(table.lines()).allSatisfy(line -> assertThat(line.stripTrailing().length()).isLessThanOrEqualTo(80));
        assertThat(table.cells()).hasSize(6);
    }

    private static LabTable.Row row(LabTable table, String service, String fence) {
        return table.rows().stream().filter(r -> r.service().equals(service) && r.fence().equals(fence))
                .findFirst().orElseThrow();
    }

    private void op(String scenario, String worker, RedlockOp type, Map<String, Object> args, boolean accepted) {
        long t = ops.size() * 1_000_000L;
        ops.add(new Op(ops.size() + 1, scenario, worker, type.label(), args, t, t + 500_000, Outcome.OK,
                Map.of(Op.ACCEPTED, accepted), null));
    }
}
