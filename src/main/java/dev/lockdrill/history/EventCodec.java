package dev.lockdrill.history;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.type.TypeReference;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.lockdrill.support.Json;
import dev.lockdrill.support.Text;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Collectors;

/**
 * Encodes events as single JSON lines tagged with a "type" field, and decodes them back. A decoded
 * string is cut to {@link #MAX_STRING} characters: the line comes from a process the learner's code
 * runs in, and what it holds is redacted, checked and shown after.
 */
public final class EventCodec {
    public static final int MAX_STRING = 16_384;
    private static final ObjectMapper MAPPER = Json.json();
    private static final TypeReference<Map<String, Object>> MAP = new TypeReference<>() {
    };
    private static final Map<String, Class<? extends Event>> TYPES = Map.of(
            "invoke", Event.Invoke.class,
            "complete", Event.Complete.class,
            "fault", Event.Fault.class,
            "observed", Event.Observed.class,
            "progress", Event.Progress.class,
            "error", Event.Error.class,
            "interrupted", Event.Interrupted.class,
            "done", Event.Done.class);

    private EventCodec() {
    }

    public static String encode(Event event) {
        Map<String, Object> fields = new LinkedHashMap<>();
        fields.put("type", typeOf(event));
        fields.putAll(MAPPER.convertValue(event, MAP));
        try {
            return MAPPER.writeValueAsString(fields);
        } catch (JsonProcessingException e) {
            throw new IllegalArgumentException("event cannot be encoded: " + event, e);
        }
    }

    /** Decodes one line; lines that are not events (stray output) give an empty result. */
    public static Optional<Event> decode(String line) {
        if (line == null || !line.startsWith("{\"type\":")) {
            return Optional.empty();
        }
        try {
            @SuppressWarnings("unchecked")
            Map<String, Object> fields = (Map<String, Object>) capped(MAPPER.readValue(line, MAP));
            Class<? extends Event> type = TYPES.get(String.valueOf(fields.remove("type")));
            return type == null ? Optional.empty() : Optional.of(MAPPER.convertValue(fields, type));
        } catch (JsonProcessingException | IllegalArgumentException e) {
            return Optional.empty();
        }
    }

    /** The decoded value with every string in it cut to {@link #MAX_STRING} characters. */
    private static Object capped(Object value) {
        if (value instanceof String s) {
            return Text.capped(s, MAX_STRING);
        }
        if (value instanceof Map<?, ?> map) {
            Map<Object, Object> out = new LinkedHashMap<>();
            map.forEach((k, v) -> out.put(capped(k), capped(v)));
            return out;
        }
        if (value instanceof List<?> list) {
            return list.stream().map(EventCodec::capped).collect(Collectors.toList());
        }
        return value;
    }

    public static List<String> encodeAll(List<? extends Event> events) {
        return events.stream().map(EventCodec::encode).toList();
    }

    private static String typeOf(Event event) {
        return TYPES.entrySet().stream()
                .filter(e -> e.getValue() == event.getClass())
                .map(Map.Entry::getKey)
                .findFirst()
                .orElseThrow();
    }
}
