package dev.lockdrill.kata.leaseclaim.check;

import dev.lockdrill.check.lease.LeaseAudit;
import dev.lockdrill.history.FaultEvent;
import dev.lockdrill.history.FaultKind;
import dev.lockdrill.history.History;
import dev.lockdrill.history.Observation;
import dev.lockdrill.history.Op;
import dev.lockdrill.history.OpType;
import dev.lockdrill.history.Outcome;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** Hand-written lease histories for checker tests: audit changes (database µs), final rows, ops, faults. */
public final class LeaseHistory {
    public static final String SCENARIO = "s";
    private final List<Map<String, Object>> audit = new ArrayList<>();
    private final List<Map<String, Object>> finals = new ArrayList<>();
    private final List<Op> ops = new ArrayList<>();
    private final List<FaultEvent> faults = new ArrayList<>();
    private final List<Observation> extra = new ArrayList<>();
    private final Map<Long, Row> rows = new HashMap<>();
    private final List<Map<String, Object>> asked = new ArrayList<>();

    /** worker leases row id with token, at DB time atUs, until expiryUs. */
    public LeaseHistory claim(long id, String worker, long token, long atUs, long expiryUs) {
        Row row = rows.computeIfAbsent(id, k -> new Row());
        change(id, row.state, row.state, row.token, token, row.expiry, expiryUs, row.attempts, row.attempts + 1, atUs,
                worker);
        row.token = token;
        row.expiry = expiryUs;
        row.attempts++;
        return this;
    }

    public LeaseHistory extend(long id, String worker, long atUs, long expiryUs) {
        Row row = rows.get(id);
        change(id, row.state, row.state, row.token, row.token, row.expiry, expiryUs, row.attempts, row.attempts, atUs,
                worker);
        row.expiry = expiryUs;
        return this;
    }

    public LeaseHistory finish(long id, String worker, String state, long atUs) {
        return finish(id, worker, state, atUs, atUs);
    }

    /** The row is finished by a statement at {@code atUs} whose transaction commits at {@code commitUs}. */
    public LeaseHistory finish(long id, String worker, String state, long atUs, long commitUs) {
        Row row = rows.computeIfAbsent(id, k -> new Row());
        change(id, row.state, state, row.token, row.token, row.expiry, row.expiry, row.attempts, row.attempts, atUs,
                worker);
        audit.get(audit.size() - 1).put("commitUs", commitUs);
        row.state = state;
        return this;
    }

    /** The row is finished by a design that clears the token as it finishes (lease_token = NULL). */
    public LeaseHistory finishClearingToken(long id, String worker, String state, long atUs) {
        Row row = rows.computeIfAbsent(id, k -> new Row());
        change(id, row.state, state, row.token, null, row.expiry, row.expiry, row.attempts, row.attempts, atUs,
                worker);
        audit.get(audit.size() - 1).put("commitUs", atUs);
        row.state = state;
        row.token = null;
        return this;
    }

    /** The lease (µs) the worker's implementation was built with. */
    public LeaseHistory asked(String worker, long leaseUs) {
        asked.add(Map.of("worker", worker, "leaseUs", leaseUs));
        return this;
    }

    /** Snapshots every row as the scenario's final rows (recipient defaults to a live device). */
    public LeaseHistory end() {
        return end(Map.of());
    }

    public LeaseHistory end(Map<Long, String> recipients) {
        rows.forEach((id, row) -> {
            Map<String, Object> r = new LinkedHashMap<>();
            r.put("id", id);
            r.put("recipient", recipients.getOrDefault(id, "device-1"));
            r.put("state", row.state);
            r.put("attempts", row.attempts);
            finals.add(r);
        });
        return this;
    }

    public LeaseHistory op(String worker, OpType f, Map<String, Object> args, Outcome outcome,
                           Map<String, Object> result) {
        long id = ops.size() + 1;
        ops.add(new Op(id, SCENARIO, worker, f.label(), args, id * 10, id * 10 + 5, outcome, result, null));
        return this;
    }

    public LeaseHistory fault(FaultKind kind, String target) {
        faults.add(new FaultEvent(kind.label(), SCENARIO, target, 0, 1, true, kind.label() + " of " + target));
        return this;
    }

    public LeaseHistory observe(String name, List<Map<String, Object>> rows) {
        extra.add(new Observation(name, SCENARIO, rows));
        return this;
    }

    public History build() {
        List<Observation> observations = new ArrayList<>(extra);
        observations.add(new Observation("audit", SCENARIO, audit));
        observations.add(new Observation("final", SCENARIO, finals));
        observations.add(new Observation(LeaseAudit.ASKED, SCENARIO, asked));
        return new History(1, ops, faults, observations);
    }

    private void change(long id, String oldState, String newState, Long oldToken, Long newToken, Long oldExpiry,
                        Long newExpiry, int oldAttempts, int newAttempts, long atUs, String worker) {
        Map<String, Object> row = new LinkedHashMap<>();
        row.put("seq", (long) audit.size() + 1);
        row.put("id", id);
        row.put("oldState", oldState);
        row.put("newState", newState);
        row.put("oldToken", oldToken);
        row.put("newToken", newToken);
        row.put("oldExpiryUs", oldExpiry);
        row.put("newExpiryUs", newExpiry);
        row.put("oldAttempts", oldAttempts);
        row.put("newAttempts", newAttempts);
        row.put("atUs", atUs);
        row.put("txUs", atUs);
        row.put("commitUs", atUs);
        row.put("app", "ld123abc-" + worker);
        audit.add(row);
    }

    private static final class Row {
        private String state = "pending";
        private Long token;
        private Long expiry = 0L;
        private int attempts;
    }
}
