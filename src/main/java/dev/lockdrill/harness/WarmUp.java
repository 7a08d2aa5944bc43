package dev.lockdrill.harness;

import dev.lockdrill.history.Event;
import dev.lockdrill.history.EventCodec;
import dev.lockdrill.history.Fields;
import dev.lockdrill.history.Outcome;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.CodeSource;
import java.util.ArrayList;
import java.util.Enumeration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.jar.JarEntry;
import java.util.jar.JarFile;
import java.util.stream.Stream;

/**
 * What a check process started ahead of its check does while the learner still reads the last
 * verdict, so the check itself does not: load the harness's and the kata's workload and protocol
 * classes, let Jackson build its writers for the events and the kata's records, and bring up what the
 * workload can start ahead ({@link Workload#prepareAhead}: redlock's Redis nodes). A profile of a
 * check process in the REPL showed about a tenth of its time on the main thread in class loading and
 * in Jackson building serializers on first use. Nothing here is required: what fails to warm up is
 * loaded by the check as before, and reported there if it is wrong.
 */
final class WarmUp {
    private WarmUp() {
    }

    static void run(String workloadClass, boolean postgres) {
        events();
        if (postgres) {
            DriverWarmUp.run();
        }
        if (workloadClass.isBlank()) {
            return;
        }
        try {
            Object workload = Class.forName(workloadClass).getDeclaredConstructor().newInstance();
            if (workload instanceof Workload ahead) {
                ahead.prepareAhead();
            }
        } catch (Exception | LinkageError e) {
            return; // the check will load it again (and start what it needs), and report what is wrong
        }
        List<String> prefixes = new ArrayList<>(List.of("dev/lockdrill/harness/", "dev/lockdrill/history/"));
        int kata = workloadClass.lastIndexOf(".workload.");
        if (kata > 0) {
            String root = workloadClass.substring(0, kata).replace('.', '/');
            prefixes.add(root + "/workload/");
            prefixes.add(root + "/protocol/");
        }
        for (String name : classNames(prefixes)) {
            Class<?> type = load(name);
            if (type != null && type.isRecord() && name.contains(".protocol.")) {
                Fields.prepare(type);
            }
        }
    }

    /** One event of each kind, with the values ops carry, written and read back. */
    private static void events() {
        Map<String, Object> fields = new LinkedHashMap<>();
        fields.put("text", "warming up");
        fields.put("number", 4_294_967_296L);
        fields.put("small", 1);
        fields.put("ratio", 0.5);
        fields.put("flag", true);
        fields.put("list", List.of(1L, "two"));
        fields.put("map", Map.of("k", "v"));
        fields.put("none", null);
        for (Event event : List.of(new Event.Progress("warm-up", "warming up"),
                new Event.Invoke(1, "warm-up", "w", "f", fields, 1),
                new Event.Complete(1, Outcome.OK, fields, null, 2),
                new Event.Fault("pause", "warm-up", "w", 1, 2, true, "warming up"),
                new Event.Observed("warm-up", "warm-up", List.of(fields)))) {
            EventCodec.decode(EventCodec.encode(event));
        }
    }

    private static Class<?> load(String name) {
        try {
            return Class.forName(name, false, WarmUp.class.getClassLoader());
        } catch (ClassNotFoundException | LinkageError e) {
            return null;
        }
    }

    /** The classes under these folders of lockdrill's own jar (or classes folder), by name. */
    private static List<String> classNames(List<String> prefixes) {
        List<String> names = new ArrayList<>();
        CodeSource source = WarmUp.class.getProtectionDomain().getCodeSource();
        if (source == null) {
            return names;
        }
        try {
            Path where = Path.of(source.getLocation().toURI());
            if (Files.isDirectory(where)) {
                for (String prefix : prefixes) {
                    Path dir = where.resolve(prefix);
                    if (Files.isDirectory(dir)) {
                        try (Stream<Path> files = Files.walk(dir)) {
                            files.map(p -> where.relativize(p).toString().replace('\\', '/'))
                                    .forEach(entry -> addClass(names, entry));
                        }
                    }
                }
                return names;
            }
            try (JarFile jar = new JarFile(where.toFile())) {
                for (Enumeration<JarEntry> entries = jar.entries(); entries.hasMoreElements(); ) {
                    String entry = entries.nextElement().getName();
                    if (prefixes.stream().anyMatch(entry::startsWith)) {
                        addClass(names, entry);
                    }
                }
            }
        } catch (IOException | UncheckedIOException | URISyntaxException | IllegalArgumentException
                 | SecurityException e) {
            // a class path of another shape: the check loads its classes as it goes
        }
        return names;
    }

    private static void addClass(List<String> names, String entry) {
        if (entry.endsWith(".class") && !entry.endsWith("module-info.class")) {
            names.add(entry.substring(0, entry.length() - ".class".length()).replace('/', '.'));
        }
    }
}
