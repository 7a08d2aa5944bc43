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
import java.util.Map;

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

    /** The fields as a record of {@code type}; a field the type does not have is ignored. */
    public static <T> T as(Map<String, Object> fields, Class<T> type) {
        return MAPPER.convertValue(fields, type);
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
