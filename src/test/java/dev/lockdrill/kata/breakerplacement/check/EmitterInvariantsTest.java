package dev.lockdrill.kata.breakerplacement.check;

import dev.lockdrill.history.History;
import dev.lockdrill.history.Observation;
import dev.lockdrill.history.Op;
import dev.lockdrill.history.Outcome;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

class EmitterInvariantsTest {
    private final List<Op> ops = new ArrayList<>();
    private final List<Observation> observations = new ArrayList<>(List.of(new Observation("breaker-config", "s",
            List.of(Map.of("minimumNumberOfCalls", 2, "permittedNumberOfCallsInHalfOpenState", 1,
                    "waitDurationInOpenStateMillis", 1000)))));
    private long id;

    private EmitterInvariantsTest op(String f, String event, String key, long tick, Map<String, Object> extra) {
        Map<String, Object> args = new HashMap<>(extra);
        args.put("event", event);
        args.put("key", key);
        args.put("tick", tick);
        args.put("round", "0");
        id++;
        ops.add(new Op(id, "s", "emitter", f, args, id, id, Outcome.OK, Map.of(), null));
        return this;
    }

    private EmitterInvariantsTest call(String event, String key, long tick, int status) {
        return op("platform-call", event, key, tick, Map.of("status", status, "guard", key));
    }

    private List<String> failed() {
        History history = new History(1, ops, List.of(), observations);
        return EmitterInvariants.all().stream().map(i -> i.check(history)).filter(r -> !r.passed())
                .map(r -> r.name()).toList();
    }

    @Test
    void aDeliveredEventAndADeferredOneThatIsDeliveredLaterPass() {
        op("breaker-created", "e1", "gh/1", 0, Map.of("breaker", "gh/1"));
        op("emit", "e1", "gh/1", 0, Map.of()).call("e1", "gh/1", 20, 200).op("delivered", "e1", "gh/1", 20, Map.of());
        op("emit", "e2", "gh/1", 25, Map.of()).op("retry-later", "e2", "gh/1", 25, Map.of("afterMillis", 5000));
        op("emit", "e2", "gh/1", 2000, Map.of()).call("e2", "gh/1", 2020, 200)
                .op("delivered", "e2", "gh/1", 2020, Map.of());
        assertThat(failed()).isEmpty();
    }

    @Test
    void anEventDeadLetteredAfterOneFailedCallIsReported() {
        op("emit", "e1", "gh/1", 0, Map.of()).call("e1", "gh/1", 20, 401)
                .op("dead-letter", "e1", "gh/1", 20, Map.of("reason", "circuit open"));
        assertThat(failed()).contains("open-breaker-defers");
    }

    @Test
    void aRetriedGoneItemIsReported() {
        op("emit", "e1", "no/1", 0, Map.of()).call("e1", "no/1", 20, 410)
                .op("sleep", "e1", "no/1", 20, Map.of("millis", 70)).call("e1", "no/1", 110, 410)
                .op("dead-letter", "e1", "no/1", 110, Map.of("reason", "gone"));
        assertThat(failed()).contains("permanent-errors-neither-trip-nor-retry");
    }

    @Test
    void aCallWithAnotherKeysPermitIsReported() {
        op("emit", "e1", "gh/1", 0, Map.of())
                .op("platform-call", "e1", "gh/1", 20, Map.of("status", 200, "guard", "all/all"))
                .op("delivered", "e1", "gh/1", 20, Map.of());
        assertThat(failed()).containsExactly("each-call-has-its-keys-permit");
    }

    @Test
    void tooManyCallsDuringAnOutageAreReported() {
        observations.add(new Observation("outage", "s", List.of(Map.of("keys", "gh/1", "fromTick", 0,
                "toTick", 500, "description", "gh/1 revoked"))));
        for (int i = 0; i < 6; i++) {
            op("emit", "e" + i, "gh/1", i * 80L, Map.of()).call("e" + i, "gh/1", i * 80L + 20, 401)
                    .op("retry-later", "e" + i, "gh/1", i * 80L + 20, Map.of("afterMillis", 1));
        }
        assertThat(failed()).contains("outage-calls-bounded");
    }

    @Test
    void anotherKeysEventRefusedDuringTheOutageIsReported() {
        observations.add(new Observation("outage", "s", List.of(Map.of("keys", "gh/1", "fromTick", 0,
                "toTick", 500, "description", "gh/1 revoked"))));
        op("emit", "e1", "gh/2", 100, Map.of()).op("retry-later", "e1", "gh/2", 100, Map.of("afterMillis", 1));
        op("emit", "e1", "gh/2", 2000, Map.of()).call("e1", "gh/2", 2020, 200)
                .op("delivered", "e1", "gh/2", 2020, Map.of());
        assertThat(failed()).containsExactly("others-unaffected");
    }

    @Test
    void aClassThatSendsWithoutABreakerIsReported() {
        observations.add(new Observation("structure", "structure", List.of(Map.of("class", "katas.X",
                "sendCalls", "emit:40", "asksBreaker", false, "reportsToBreaker", false))));
        assertThat(failed()).containsExactly("platform-calls-pass-a-breaker");
    }
}
