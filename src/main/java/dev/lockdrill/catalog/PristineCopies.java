package dev.lockdrill.catalog;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.Enumeration;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.jar.JarEntry;
import java.util.jar.JarFile;
import java.util.stream.Stream;

/**
 * The original kata stubs, packaged with lockdrill (under {@code pristine/katas/} in the jar or
 * the classes folder), from which `reset` restores a kata.
 */
public final class PristineCopies {
    static final String PREFIX = "pristine/katas/";

    /** The packaged files of a kata, by path relative to its folder. */
    public Map<String, byte[]> files(String kataId) {
        Map<String, byte[]> files = new TreeMap<>();
        String prefix = PREFIX + kataId + "/";
        Path origin = origin();
        try {
            if (Files.isDirectory(origin)) {
                Path dir = origin.resolve(prefix);
                if (Files.isDirectory(dir)) {
                    try (Stream<Path> walk = Files.walk(dir)) {
                        for (Path file : walk.filter(Files::isRegularFile).toList()) {
                            files.put(dir.relativize(file).toString(), Files.readAllBytes(file));
                        }
                    }
                }
            } else {
                try (JarFile jar = new JarFile(origin.toFile())) {
                    Enumeration<JarEntry> entries = jar.entries();
                    while (entries.hasMoreElements()) {
                        JarEntry entry = entries.nextElement();
                        if (!entry.isDirectory() && entry.getName().startsWith(prefix)) {
                            try (InputStream in = jar.getInputStream(entry)) {
                                files.put(entry.getName().substring(prefix.length()), in.readAllBytes());
                            }
                        }
                    }
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read the packaged kata " + kataId, e);
        }
        return files;
    }

    /**
     * Replaces {@code dir} with the packaged files of a kata (what was there is deleted); returns the
     * files written. Throws when the kata has no packaged copy.
     */
    public List<Path> writeTo(String kataId, Path dir) {
        Map<String, byte[]> files = files(kataId);
        if (files.isEmpty()) {
            throw new IllegalArgumentException("no packaged copy of kata " + kataId);
        }
        try {
            if (Files.isDirectory(dir)) {
                try (Stream<Path> walk = Files.walk(dir)) {
                    for (Path p : walk.sorted(Comparator.reverseOrder()).toList()) {
                        Files.delete(p);
                    }
                }
            }
            List<Path> written = new ArrayList<>();
            for (Map.Entry<String, byte[]> file : files.entrySet()) {
                Path target = dir.resolve(file.getKey());
                Files.createDirectories(target.getParent());
                Files.write(target, file.getValue());
                written.add(target);
            }
            return written;
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write the packaged kata " + kataId + " to " + dir, e);
        }
    }

    /** Kata ids that have a packaged copy. */
    public List<String> ids() {
        List<String> ids = new ArrayList<>();
        Path origin = origin();
        if (Files.isDirectory(origin.resolve(PREFIX))) {
            try (Stream<Path> dirs = Files.list(origin.resolve(PREFIX))) {
                dirs.filter(Files::isDirectory).forEach(d -> ids.add(d.getFileName().toString()));
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        } else if (Files.isRegularFile(origin)) {
            try (JarFile jar = new JarFile(origin.toFile())) {
                jar.stream().map(JarEntry::getName).filter(n -> n.startsWith(PREFIX) && n.endsWith("/kata.yaml"))
                        .forEach(n -> ids.add(n.substring(PREFIX.length(), n.length() - "/kata.yaml".length())));
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }
        ids.sort(String::compareTo);
        return ids;
    }

    private static Path origin() {
        try {
            return Path.of(PristineCopies.class.getProtectionDomain().getCodeSource().getLocation().toURI());
        } catch (URISyntaxException e) {
            throw new IllegalStateException(e);
        }
    }
}
