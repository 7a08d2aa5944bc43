package dev.lockdrill.history;

import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * {@link Fields#as} remembers the records it made from fields of the same content, so invariants that
 * ask for one op's record for every other op do not convert it again; what it answers must still be
 * what a conversion of the fields at hand would give.
 */
class FieldsTest {
    record Write(String key, long token, String value, Boolean accepted) {
    }

    record Batch(String key, List<Long> ids) {
    }

    @Test
    void theSameFieldsGiveTheSameRecordWithoutAConversion() {
        Map<String, Object> fields = Map.of("key", "k", "token", 4_294_967_296L, "value", "v");
        Write first = Fields.as(new HashMap<>(fields), Write.class);
        assertThat(first).isEqualTo(new Write("k", 4_294_967_296L, "v", null));
        assertThat(Fields.as(new HashMap<>(fields), Write.class)).isSameAs(first);
    }

    @Test
    void anUnmodifiableMapGivesTheSameRecordAndAnEqualOneToo() {
        Map<String, Object> fields = Map.copyOf(Map.of("key", "u", "token", 3L, "value", "v"));
        Write first = Fields.as(fields, Write.class);
        assertThat(Fields.as(fields, Write.class)).isSameAs(first);
        assertThat(Fields.as(Map.copyOf(new HashMap<>(fields)), Write.class)).isEqualTo(first);
        assertThat(Fields.as(Map.of("key", "u", "token", 4L, "value", "v"), Write.class).token()).isEqualTo(4L);
    }

    @Test
    void fieldsChangedAfterAConversionAreConvertedAsTheyAreNow() {
        Map<String, Object> fields = new HashMap<>(Map.of("key", "k", "token", 1L, "value", "v"));
        assertThat(Fields.as(fields, Write.class).token()).isEqualTo(1L);
        fields.put("token", 2L);
        assertThat(Fields.as(fields, Write.class).token()).isEqualTo(2L);
        fields.put("token", 1L);
        assertThat(Fields.as(fields, Write.class).token()).isEqualTo(1L);
    }

    @Test
    void equalNumbersOfAnotherTypeOrATextAreConvertedEachAsTheyAre() {
        assertThat(Fields.as(Map.of("key", "k", "token", 7, "value", "v"), Write.class).token()).isEqualTo(7L);
        assertThat(Fields.as(Map.of("key", "k", "token", "8", "value", "v"), Write.class).token()).isEqualTo(8L);
    }

    @Test
    void aRecordHoldingAListIsMadeAnewForEachCaller() {
        Map<String, Object> fields = Map.of("key", "k", "ids", List.of(1L, 2L));
        Batch first = Fields.as(fields, Batch.class);
        Batch second = Fields.as(fields, Batch.class);
        assertThat(second).isEqualTo(first).isNotSameAs(first);
    }

    @Test
    void pastItsLimitTheMemoStartsAgainAndStillAnswersRight() {
        List<Write> made = new ArrayList<>();
        for (int i = 0; i <= Fields.MEMO_LIMIT; i++) {
            made.add(Fields.as(Map.of("key", "k" + i, "token", (long) i, "value", "v"), Write.class));
        }
        assertThat(made.get(made.size() - 1)).isEqualTo(new Write("k" + Fields.MEMO_LIMIT, Fields.MEMO_LIMIT, "v",
                null));
        assertThat(Fields.as(Map.of("key", "k0", "token", 0L, "value", "v"), Write.class))
                .isEqualTo(new Write("k0", 0, "v", null));
    }
}
