package dev.lockdrill.history;

import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

class EventCodecTest {
    @Test
    void everyEventSurvivesARoundTrip() {
        List<Event> events = List.of(
                new Event.Invoke(1, "s", "worker-1", "write", Map.of("key", "k", "token", 33), 10),
                new Event.Complete(1, Outcome.OK, Map.of("accepted", true), null, 20),
                new Event.Fault("pause", "s", "worker-1", 5, 15, true, "paused"),
                new Event.Observed("audit", "s", List.of(Map.of("seq", 1))),
                new Event.Progress("s", "running"),
                new Event.Error("boom", "detail"),
                new Event.Done());

        for (Event event : events) {
            assertThat(EventCodec.decode(EventCodec.encode(event))).contains(event);
        }
    }

    @Test
    void aLineIsTheTypeAndThenTheRecordsFieldsInTheirOrderNullsIncluded() {
        Map<String, Object> args = new java.util.LinkedHashMap<>();
        args.put("key", "k \"quoted\" ✓");
        args.put("token", 4_294_967_296L);
        args.put("ratio", 0.5);
        args.put("nested", Map.of("list", List.of(1, 2)));
        args.put("none", null);
        assertThat(EventCodec.encode(new Event.Invoke(1, "s", "worker-1", "write", args, 10)))
                .isEqualTo("{\"type\":\"invoke\",\"id\":1,\"scenario\":\"s\",\"worker\":\"worker-1\",\"f\":\"write\","
                        + "\"args\":{\"key\":\"k \\\"quoted\\\" ✓\",\"token\":4294967296,\"ratio\":0.5,"
                        + "\"nested\":{\"list\":[1,2]},\"none\":null},\"t\":10}");
        assertThat(EventCodec.encode(new Event.Complete(1, Outcome.FAIL, null, null, 20)))
                .isEqualTo("{\"type\":\"complete\",\"id\":1,\"outcome\":\"FAIL\",\"result\":null,\"error\":null,"
                        + "\"t\":20}");
        assertThat(EventCodec.encode(new Event.Done())).isEqualTo("{\"type\":\"done\"}");
    }

    @Test
    void aMegabyteStringFromTheCheckProcessIsCutWhenDecoded() {
        String huge = "k".repeat(1 << 20);
        String line = EventCodec.encode(new Event.Complete(1, Outcome.FAIL, Map.of("why", List.of(huge)), huge, 20));

        Event.Complete decoded = (Event.Complete) EventCodec.decode(line).orElseThrow();

        assertThat(decoded.error()).hasSizeLessThan(EventCodec.MAX_STRING + 40)
                .startsWith("kkk").endsWith("… (1048576 characters)");
        assertThat(((List<?>) decoded.result().get("why")).get(0)).isEqualTo(decoded.error());
    }

    @Test
    void everyStringOfEveryKindOfEventIsCutKeysIncluded() {
        String huge = "h".repeat(EventCodec.MAX_STRING + 1);
        List<Event> events = List.of(
                new Event.Invoke(1, huge, huge, huge, Map.of(huge, Map.of("deep", List.of(huge))), 10),
                new Event.Fault(huge, huge, huge, 5, 15, true, huge),
                new Event.Observed(huge, huge, List.of(Map.of(huge, huge))),
                new Event.Progress(huge, huge),
                new Event.Error(huge, huge),
                new Event.Interrupted(huge));
        for (Event event : events) {
            String decoded = EventCodec.encode(EventCodec.decode(EventCodec.encode(event)).orElseThrow());
            assertThat(decoded).doesNotContain(huge).contains("… (" + huge.length() + " characters)");
        }
    }

    @Test
    void strayOutputIsNotAnEvent() {
        assertThat(EventCodec.decode("Hello from the learner")).isEmpty();
        assertThat(EventCodec.decode("{\"type\":\"nonsense\"}")).isEmpty();
        assertThat(EventCodec.decode("{\"type\":\"invoke\", broken")).isEmpty();
    }

    @Test
    void anOperationThatNeverCompletedIsUnknown() {
        HistoryAssembler assembler = new HistoryAssembler();
        assembler.accept(new Event.Invoke(1, "s", "w", "write", Map.of(), 10));
        assembler.accept(new Event.Invoke(2, "s", "w", "write", Map.of(), 11));
        assembler.accept(new Event.Complete(2, Outcome.OK, Map.of("accepted", false), null, 30));

        History history = assembler.build(7);

        assertThat(history.ops()).extracting(Op::id, Op::outcome).containsExactly(
                org.assertj.core.groups.Tuple.tuple(1L, Outcome.INFO), org.assertj.core.groups.Tuple.tuple(2L,
                        Outcome.OK));
        assertThat(history.ops().get(0).error()).isEqualTo("never completed");
        assertThat(history.seed()).isEqualTo(7);
    }
}
