package dev.lockdrill.history;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.core.type.TypeReference;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.lockdrill.support.Json;

import java.util.Map;

/**
 * A kata's protocol record as the field map an operation's arguments or result carry across the
 * process boundary, and back: the record's component names are the keys and a null component is
 * left out (an op's maps hold no nulls), through the Jackson mapper the event channel encodes with.
 * So a record is its own serialization: no key constants, no hand-written writer and reader.
 */
public final class Fields {
    private static final ObjectMapper MAPPER = Json.json().copy()
            .setSerializationInclusion(JsonInclude.Include.NON_NULL);
    private static final TypeReference<Map<String, Object>> MAP = new TypeReference<>() {
    };

    private Fields() {
    }

    /** The record's components as fields, for {@code Recorder.call}'s arguments or an answer's result. */
    public static Map<String, Object> of(Object record) {
        return MAPPER.convertValue(record, MAP);
    }

    /** The fields as a record of {@code type}; a field the type does not have is ignored. */
    public static <T> T as(Map<String, Object> fields, Class<T> type) {
        return MAPPER.convertValue(fields, type);
    }
}
