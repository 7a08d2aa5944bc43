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
        String paused = LabNames.REDLOCK + "/" + LabNames.PAUSED;
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

        LabTable.Row redlockFenced = row(table, LabNames.REDLOCK, true);
        LabTable.Row redlockBare = row(table, LabNames.REDLOCK, false);
        assertThat(redlockFenced.faults().get(LabNames.PAUSED)).isEqualTo("2 holders, stale refused");
        assertThat(redlockFenced.exclusionViolations()).isZero();
        assertThat(redlockBare.faults().get(LabNames.PAUSED)).isEqualTo("2 holders, stale ACCEPTED");
        assertThat(redlockBare.exclusionViolations()).isEqualTo(1);
        assertThat(redlockBare.staleAccepted()).isEqualTo(1);
        assertThat(row(table, LabNames.PG, false).faults().get(LabNames.PAUSED)).isEqualTo("w-b refused: one holder");
        assertThat(table.lines()).hasSize(5);
    }

    private static LabTable.Row row(LabTable table, String service, boolean fenced) {
        return table.rows().stream().filter(r -> r.service().equals(service) && r.fenced() == fenced)
                .findFirst().orElseThrow();
    }

    private void op(String scenario, String worker, RedlockOp type, Map<String, Object> args, boolean accepted) {
        long t = ops.size() * 1_000_000L;
        ops.add(new Op(ops.size() + 1, scenario, worker, type.label(), args, t, t + 500_000, Outcome.OK,
                Map.of(Op.ACCEPTED, accepted), null));
    }
}
