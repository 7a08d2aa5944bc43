package dev.lockdrill.kata.breakerplacement.check;

import dev.lockdrill.history.History;
import dev.lockdrill.history.Observation;
import dev.lockdrill.history.Op;
import dev.lockdrill.history.Outcome;
import dev.lockdrill.kata.breakerplacement.protocol.BreakerCreated;
import dev.lockdrill.kata.breakerplacement.protocol.BreakerSettings;
import dev.lockdrill.kata.breakerplacement.protocol.DeadLetter;
import dev.lockdrill.kata.breakerplacement.protocol.EmitterObservation;
import dev.lockdrill.kata.breakerplacement.protocol.EmitterOp;
import dev.lockdrill.kata.breakerplacement.protocol.Outage;
import dev.lockdrill.kata.breakerplacement.protocol.PlatformCall;
import dev.lockdrill.kata.breakerplacement.protocol.RetryLater;
import dev.lockdrill.kata.breakerplacement.protocol.Sleep;
import dev.lockdrill.kata.breakerplacement.protocol.Stamp;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;

import static org.assertj.core.api.Assertions.assertThat;

class EmitterInvariantsTest {
    private final List<Op> ops = new ArrayList<>();
    private final List<Observation> observations = new ArrayList<>(List.of(new Observation(
            EmitterObservation.BREAKER_CONFIG.label(), "s", List.of(new BreakerSettings(10, 2, 50, 1000, 1).toRow()))));
    private long id;

    private EmitterInvariantsTest op(EmitterOp f, String event, String key, long tick, Map<String, Object> extra) {
        Map<String, Object> args = new Stamp(event, key, tick, "0").with(extra);
        id++;
        ops.add(new Op(id, "s", "emitter", f.label(), args, id, id, Outcome.OK, Map.of(), null));
        return this;
    }

    private EmitterInvariantsTest call(String event, String key, long tick, int status) {
        return op(EmitterOp.PLATFORM_CALL, event, key, tick, new PlatformCall(status, key).toMap());
    }

    private static Observation outage(String key, long from, long to) {
        return new Observation(EmitterObservation.OUTAGE.label(), "s",
                List.of(new Outage(Set.of(key), from, to, key + " revoked").toRow()));
    }

    private List<String> failed() {
        History history = new History(1, ops, List.of(), observations);
        return EmitterInvariants.all().stream().map(i -> i.check(history)).filter(r -> !r.passed())
                .map(r -> r.name()).toList();
    }

    @Test
    void aDeliveredEventAndADeferredOneThatIsDeliveredLaterPass() {
        op(EmitterOp.BREAKER_CREATED, "e1", "gh/1", 0, new BreakerCreated("gh/1").toMap());
        op(EmitterOp.EMIT, "e1", "gh/1", 0, Map.of()).call("e1", "gh/1", 20, 200).op(EmitterOp.DELIVERED, "e1", "gh/1", 20, Map.of());
        op(EmitterOp.EMIT, "e2", "gh/1", 25, Map.of()).op(EmitterOp.RETRY_LATER, "e2", "gh/1", 25, new RetryLater(5000).toMap());
        op(EmitterOp.EMIT, "e2", "gh/1", 2000, Map.of()).call("e2", "gh/1", 2020, 200)
                .op(EmitterOp.DELIVERED, "e2", "gh/1", 2020, Map.of());
        assertThat(failed()).isEmpty();
    }

    @Test
    void anEventDeadLetteredAfterOneFailedCallIsReported() {
        op(EmitterOp.EMIT, "e1", "gh/1", 0, Map.of()).call("e1", "gh/1", 20, 401)
                .op(EmitterOp.DEAD_LETTER, "e1", "gh/1", 20, new DeadLetter("circuit open").toMap());
        assertThat(failed()).contains("open-breaker-defers");
    }

    @Test
    void aRetriedGoneItemIsReported() {
        op(EmitterOp.EMIT, "e1", "no/1", 0, Map.of()).call("e1", "no/1", 20, 410)
                .op(EmitterOp.SLEEP, "e1", "no/1", 20, new Sleep(70).toMap()).call("e1", "no/1", 110, 410)
                .op(EmitterOp.DEAD_LETTER, "e1", "no/1", 110, new DeadLetter("gone").toMap());
        assertThat(failed()).contains("permanent-errors-neither-trip-nor-retry");
    }

    @Test
    void aCallWithAnotherKeysPermitIsReported() {
        op(EmitterOp.EMIT, "e1", "gh/1", 0, Map.of())
                .op(EmitterOp.PLATFORM_CALL, "e1", "gh/1", 20, new PlatformCall(200, "all/all").toMap())
                .op(EmitterOp.DELIVERED, "e1", "gh/1", 20, Map.of());
        assertThat(failed()).containsExactly("each-call-has-its-keys-permit");
    }

    @Test
    void tooManyCallsDuringAnOutageAreReported() {
        observations.add(outage("gh/1", 0, 500));
        for (int i = 0; i < 6; i++) {
            op(EmitterOp.EMIT, "e" + i, "gh/1", i * 80L, Map.of()).call("e" + i, "gh/1", i * 80L + 20, 401)
                    .op(EmitterOp.RETRY_LATER, "e" + i, "gh/1", i * 80L + 20, new RetryLater(1).toMap());
        }
        assertThat(failed()).contains("outage-calls-bounded");
    }

    @Test
    void anotherKeysEventRefusedDuringTheOutageIsReported() {
        observations.add(outage("gh/1", 0, 500));
        op(EmitterOp.EMIT, "e1", "gh/2", 100, Map.of()).op(EmitterOp.RETRY_LATER, "e1", "gh/2", 100, new RetryLater(1).toMap());
        op(EmitterOp.EMIT, "e1", "gh/2", 2000, Map.of()).call("e1", "gh/2", 2020, 200)
                .op(EmitterOp.DELIVERED, "e1", "gh/2", 2020, Map.of());
        assertThat(failed()).containsExactly("others-unaffected");
    }

    @Test
    void aClassThatSendsWithoutABreakerIsReported() {
        observations.add(new Observation(EmitterObservation.STRUCTURE.label(), "structure", List.of(Map.of("class", "katas.X",
                "sendCalls", "emit:40", "asksBreaker", false, "reportsToBreaker", false))));
        assertThat(failed()).containsExactly("platform-calls-pass-a-breaker");
    }
}
