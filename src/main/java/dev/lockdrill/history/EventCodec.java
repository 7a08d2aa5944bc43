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
    /** Each event's type name, looked up for every line a check process writes. */
    private static final Map<Class<? extends Event>, String> NAMES = TYPES.entrySet().stream()
            .collect(Collectors.toUnmodifiableMap(Map.Entry::getValue, Map.Entry::getKey));

    private EventCodec() {
    }

    /**
     * The event as one line: {@code {"type":…}} and then its fields. The record is written once and
     * its type put in front (a check process writes thousands of events; converting each to a map
     * first and writing that took a third of the process's own time in a check).
     */
    public static String encode(Event event) {
        String fields;
        try {
            fields = MAPPER.writeValueAsString(event);
        } catch (JsonProcessingException e) {
            throw new IllegalArgumentException("event cannot be encoded: " + event, e);
        }
        String type = "{\"type\":\"" + typeOf(event) + "\"";
        // a record is written as an object: "{}" when it has no fields, else "{" and its fields
        return fields.length() <= 2 ? type + "}" : type + "," + fields.substring(1);
    }

    /**
     * Decodes one line; lines that are not events (stray output) give an empty result. The line is
     * read straight into its record (its type named by the first field; reading it into a map and
     * converting that took most of the time the parent spends on a check process's output).
     */
    public static Optional<Event> decode(String line) {
        if (line == null || !line.startsWith(TYPE_PREFIX)) {
            return Optional.empty();
        }
        int end = line.indexOf('"', TYPE_PREFIX.length());
        Class<? extends Event> type = end < 0 ? null : TYPES.get(line.substring(TYPE_PREFIX.length(), end));
        if (type == null) {
            return Optional.empty();
        }
        try {
            return Optional.of(capped(MAPPER.readValue(line, type)));
        } catch (JsonProcessingException | IllegalArgumentException e) {
            return Optional.empty();
        }
    }

    private static final String TYPE_PREFIX = "{\"type\":\"";

    /** The event with every string in it cut to {@link #MAX_STRING} characters. */
    @SuppressWarnings("unchecked")
    private static Event capped(Event event) {
        if (event instanceof Event.Invoke e) {
            return new Event.Invoke(e.id(), cap(e.scenario()), cap(e.worker()), cap(e.f()),
                    (Map<String, Object>) capped(e.args()), e.t());
        }
        if (event instanceof Event.Complete e) {
            return new Event.Complete(e.id(), e.outcome(), (Map<String, Object>) capped(e.result()), cap(e.error()),
                    e.t());
        }
        if (event instanceof Event.Fault e) {
            return new Event.Fault(cap(e.name()), cap(e.scenario()), cap(e.target()), e.start(), e.end(), e.landed(),
                    cap(e.description()));
        }
        if (event instanceof Event.Observed e) {
            return new Event.Observed(cap(e.name()), cap(e.scenario()),
                    (List<Map<String, Object>>) capped(e.rows()));
        }
        if (event instanceof Event.Progress e) {
            return new Event.Progress(cap(e.scenario()), cap(e.message()));
        }
        if (event instanceof Event.Error e) {
            return new Event.Error(cap(e.message()), cap(e.detail()));
        }
        if (event instanceof Event.Interrupted e) {
            return new Event.Interrupted(cap(e.how()));
        }
        return event;
    }

    private static String cap(String s) {
        return s == null ? null : Text.capped(s, MAX_STRING);
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
        return NAMES.get(event.getClass());
    }
}
