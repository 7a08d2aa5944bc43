package dev.lockdrill.history;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.type.TypeReference;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.lockdrill.support.Json;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/** Encodes events as single JSON lines tagged with a "type" field, and decodes them back. */
public final class EventCodec {
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
            Map<String, Object> fields = MAPPER.readValue(line, MAP);
            Class<? extends Event> type = TYPES.get(String.valueOf(fields.remove("type")));
            return type == null ? Optional.empty() : Optional.of(MAPPER.convertValue(fields, type));
        } catch (JsonProcessingException | IllegalArgumentException e) {
            return Optional.empty();
        }
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
