package dev.lockdrill.history;

import com.fasterxml.jackson.annotation.JacksonAnnotationsInside;
import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.type.TypeReference;
import com.fasterxml.jackson.databind.BeanProperty;
import com.fasterxml.jackson.databind.DeserializationContext;
import com.fasterxml.jackson.databind.JsonDeserializer;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializerProvider;
import com.fasterxml.jackson.databind.annotation.JsonDeserialize;
import com.fasterxml.jackson.databind.annotation.JsonSerialize;
import com.fasterxml.jackson.databind.deser.ContextualDeserializer;
import com.fasterxml.jackson.databind.deser.std.StdDeserializer;
import com.fasterxml.jackson.databind.ser.std.StdSerializer;
import dev.lockdrill.support.Json;

import java.io.IOException;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;
import java.lang.ref.WeakReference;
import java.lang.reflect.RecordComponent;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * A kata's protocol record as the field map an operation's arguments or result carry across the
 * process boundary, and back: the record's component names are the keys and a null component is
 * left out (an op's maps hold no nulls), through the Jackson mapper the event channel encodes with.
 * So a record is its own serialization: no key constants, no hand-written writer and reader.
 * A component whose "none" is not Java's default says so with {@link NoneWhenAbsent} or
 * {@link OmittedWhenNone}; one written as the text "null" when null with {@link NullAsText}.
 */
public final class Fields {
    /** The "none" of a number component marked {@link NoneWhenAbsent} or {@link OmittedWhenNone}. */
    public static final long NONE = -1;
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

    /**
     * Has the mapper build its writer and reader of this record ahead of the first {@link #of} and
     * {@link #as} (a check process started ahead of its check does this while it waits).
     */
    public static void prepare(Class<?> recordType) {
        try {
            MAPPER.canSerialize(recordType);
            MAPPER.canDeserialize(MAPPER.constructType(recordType));
        } catch (RuntimeException e) {
            // the first conversion builds them, or says what is wrong
        }
    }

    /**
     * At most this many records are kept by {@link #as}, in each of its two memos; past it a memo
     * starts again. An evaluation asks for a few thousand ops' records, so this holds a check's and
     * the reference's together.
     */
    static final int MEMO_LIMIT = 50_000;
    /** Records made from unmodifiable maps (an op's arguments and result), by the map's identity. */
    private static final Map<Seen, Object> BY_IDENTITY = new ConcurrentHashMap<>();
    /** Records made from other maps, by content (a copy of the map). */
    private static final Map<Memo, Object> BY_CONTENT = new ConcurrentHashMap<>();

    /** A conversion asked for: the target type and the fields, compared by content. */
    private record Memo(Class<?> type, Map<String, Object> fields) {
    }

    /**
     * A conversion asked for from an unmodifiable map, compared by the map's identity: hashing and
     * comparing a map's entries costs more than the lookup saves when an invariant asks for every op's
     * record once per other op. The memo holds the map weakly, so a finished check's ops are not kept.
     */
    private static final class Seen {
        private final Class<?> type;
        private final Object probe;
        private final WeakReference<Object> kept;
        private final int hash;

        private Seen(Class<?> type, Object fields, boolean keep) {
            this.type = type;
            this.probe = keep ? null : fields;
            this.kept = keep ? new WeakReference<>(fields) : null;
            this.hash = 31 * type.hashCode() + System.identityHashCode(fields);
        }

        private Object fields() {
            return kept == null ? probe : kept.get();
        }

        @Override
        public boolean equals(Object other) {
            if (!(other instanceof Seen seen) || seen.type != type) {
                return false;
            }
            Object mine = fields();
            return mine != null && mine == seen.fields();
        }

        @Override
        public int hashCode() {
            return hash;
        }
    }

    /** The JDK's unmodifiable maps ({@code Map.of}, {@code Map.copyOf}): their content never changes. */
    private static final ClassValue<Boolean> UNMODIFIABLE = new ClassValue<>() {
        @Override
        protected Boolean computeValue(Class<?> type) {
            return type.getName().startsWith("java.util.ImmutableCollections$");
        }
    };

    /**
     * Whether a record of this type can be handed out twice: one whose components are all values
     * (primitives, their boxes, strings, enums). A record holding a list or a map is converted for
     * each caller, as one caller's change to it must not reach the next.
     */
    private static final ClassValue<Boolean> SHAREABLE = new ClassValue<>() {
        @Override
        protected Boolean computeValue(Class<?> type) {
            if (!type.isRecord()) {
                return false;
            }
            for (RecordComponent component : type.getRecordComponents()) {
                Class<?> c = component.getType();
                if (!(c.isPrimitive() || c == String.class || c.isEnum() || c == Boolean.class
                        || c == Long.class || c == Integer.class || c == Double.class || c == Short.class
                        || c == Byte.class || c == Float.class || c == Character.class)) {
                    return false;
                }
            }
            return true;
        }
    };

    /**
     * The fields as a record of {@code type}; a field the type does not have is ignored.
     *
     * <p>Memoized for records of values: the conversion is a pure function of the fields' content and
     * the type, and invariants ask for the same op's record again and again (a fencing write's for
     * every other write of its key and every audit row). Jackson's conversion costs tens of
     * microseconds, a lookup well under one: without the memo, judging a run took up to 0.6 s of the
     * time between the check processes' end and the verdict.
     */
    public static <T> T as(Map<String, Object> fields, Class<T> type) {
        if (fields == null || !SHAREABLE.get(type)) {
            return MAPPER.convertValue(fields, type);
        }
        if (UNMODIFIABLE.get(fields.getClass())) {
            Object known = BY_IDENTITY.get(new Seen(type, fields, false));
            if (known != null) {
                return type.cast(known);
            }
            T value = MAPPER.convertValue(fields, type);
            if (value != null) {
                remember(BY_IDENTITY, new Seen(type, fields, true), value);
            }
            return value;
        }
        Object known = BY_CONTENT.get(new Memo(type, fields));
        if (known != null) {
            return type.cast(known);
        }
        T value = MAPPER.convertValue(fields, type);
        if (value != null) {
            // a copy, so that a caller changing its map afterwards cannot change what the memo answers
            remember(BY_CONTENT, new Memo(type, Collections.unmodifiableMap(new LinkedHashMap<>(fields))), value);
        }
        return value;
    }

    private static <K> void remember(Map<K, Object> memo, K key, Object value) {
        if (memo.size() >= MEMO_LIMIT) {
            memo.clear();
        }
        memo.put(key, value);
    }

    /** An int or long component that reads as {@value #NONE} when its field is absent (or null); always written. */
    @Retention(RetentionPolicy.RUNTIME)
    @Target({ElementType.FIELD, ElementType.METHOD, ElementType.PARAMETER})
    @JacksonAnnotationsInside
    @JsonDeserialize(using = NoneReader.class)
    public @interface NoneWhenAbsent {
    }

    /** An int or long component left out when it is {@value #NONE}, and read as {@value #NONE} when absent. */
    @Retention(RetentionPolicy.RUNTIME)
    @Target({ElementType.FIELD, ElementType.METHOD, ElementType.PARAMETER})
    @JacksonAnnotationsInside
    @JsonInclude(value = JsonInclude.Include.CUSTOM, valueFilter = NoneFilter.class)
    @JsonDeserialize(using = NoneReader.class)
    public @interface OmittedWhenNone {
    }

    /** A component written as the text "null" when it is null ({@code String.valueOf}), never left out. */
    @Retention(RetentionPolicy.RUNTIME)
    @Target({ElementType.FIELD, ElementType.METHOD, ElementType.PARAMETER})
    @JacksonAnnotationsInside
    @JsonInclude(JsonInclude.Include.ALWAYS)
    @JsonSerialize(nullsUsing = NullText.class)
    public @interface NullAsText {
    }

    /** Jackson's value filter for {@link OmittedWhenNone}: true (leave out) for {@value #NONE}. */
    static final class NoneFilter {
        @Override
        public boolean equals(Object value) {
            return value instanceof Number n && n.longValue() == NONE;
        }

        @Override
        public int hashCode() {
            return 0;
        }
    }

    /** Reads a number as the component's int or long; absent or null is {@value #NONE}. */
    static final class NoneReader extends StdDeserializer<Number> implements ContextualDeserializer {
        private final boolean asInt;

        NoneReader() {
            this(false);
        }

        private NoneReader(boolean asInt) {
            super(Number.class);
            this.asInt = asInt;
        }

        @Override
        public JsonDeserializer<?> createContextual(DeserializationContext ctxt, BeanProperty property) {
            Class<?> raw = property == null ? long.class : property.getType().getRawClass();
            return new NoneReader(raw == int.class || raw == Integer.class);
        }

        @Override
        public Number deserialize(JsonParser p, DeserializationContext ctxt) throws IOException {
            long value = p.getValueAsLong(NONE);
            return asInt ? (Number) (int) value : (Number) value;
        }

        @Override
        public Number getNullValue(DeserializationContext ctxt) {
            return asInt ? (Number) (int) NONE : (Number) NONE;
        }

        @Override
        public Object getAbsentValue(DeserializationContext ctxt) {
            return getNullValue(ctxt);
        }
    }

    /** Writes a null component as the text "null". */
    static final class NullText extends StdSerializer<Object> {
        NullText() {
            super(Object.class);
        }

        @Override
        public void serialize(Object value, JsonGenerator gen, SerializerProvider provider) throws IOException {
            gen.writeString(String.valueOf(value));
        }
    }
}
