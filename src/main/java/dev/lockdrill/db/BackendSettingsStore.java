package dev.lockdrill.db;

import com.fasterxml.jackson.core.JacksonException;
import dev.lockdrill.support.Json;
import dev.lockdrill.support.LockdrillException;
import dev.lockdrill.support.Secrets;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.function.Consumer;

/**
 * Reads and writes {@code .lockdrill/settings.json} (temp file + rename). It refuses to store a
 * secret; a file that cannot be parsed (or a folder in its place) reads as no settings, with a
 * notice, and is left in place: it holds one line the user wrote, which they fix more easily where it is.
 */
public final class BackendSettingsStore {
    private final Path dir;
    private final Consumer<String> notices;

    public BackendSettingsStore(Path dir, Consumer<String> notices) {
        this.dir = dir;
        this.notices = notices;
    }

    public Path file() {
        return dir.resolve("settings.json");
    }

    public BackendSettings read() {
        Path file = file();
        if (!Files.exists(file)) {
            return BackendSettings.empty();
        }
        if (!Files.isRegularFile(file)) {
            notices.accept("The settings file " + file + " is " + (Files.isDirectory(file) ? "a folder" : "not a file")
                    + "; it is ignored until you remove it (`lockdrill backend --jdbc-url URL` writes a new one).");
            return BackendSettings.empty();
        }
        try {
            BackendSettings settings = Json.json().readValue(file.toFile(), BackendSettings.class);
            return settings == null ? BackendSettings.empty() : settings;
        } catch (JacksonException e) {
            notices.accept("The settings file " + file + " could not be read (" + e.getOriginalMessage()
                    + "); it is ignored until you fix or delete it.");
            return BackendSettings.empty();
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read " + file, e);
        }
    }

    public void write(BackendSettings settings) {
        if (Secrets.holdsSecret(settings.jdbcUrl()) || Secrets.holdsSecret(settings.postgresImage())) {
            throw new IllegalArgumentException("settings must not hold a password");
        }
        if (Files.exists(file()) && !Files.isRegularFile(file())) {
            throw LockdrillException.usage("Cannot save the backend: " + file() + " is "
                    + (Files.isDirectory(file()) ? "a folder" : "not a file")
                    + "; remove it and run the command again.");
        }
        try {
            Files.createDirectories(dir);
            Path tmp = Files.createTempFile(dir, "settings", ".tmp");
            Json.json().writerWithDefaultPrettyPrinter().writeValue(tmp.toFile(), settings);
            try {
                Files.move(tmp, file(), StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
            } catch (AtomicMoveNotSupportedException e) {
                Files.move(tmp, file(), StandardCopyOption.REPLACE_EXISTING);
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write " + file(), e);
        }
    }
}
