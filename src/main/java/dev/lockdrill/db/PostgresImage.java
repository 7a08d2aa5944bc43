package dev.lockdrill.db;

import org.testcontainers.utility.DockerImageName;

import java.util.Map;

/**
 * The image the Testcontainers backend runs: LOCKDRILL_POSTGRES_IMAGE, else the workbook's setting
 * ({@code postgresImage} in .lockdrill/settings.json), else the official {@code postgres:16-alpine}.
 * Whatever its name (a registry mirror, a local build), it is treated as a {@code postgres} image.
 */
public record PostgresImage(String name, String source) {
    public static final String ENV = "LOCKDRILL_POSTGRES_IMAGE";
    public static final String DEFAULT = "postgres:16-alpine";

    public static PostgresImage choose(Map<String, String> env, String setting) {
        String fromEnv = env.get(ENV);
        if (fromEnv != null && !fromEnv.isBlank()) {
            return new PostgresImage(fromEnv.trim(), ENV);
        }
        if (setting != null && !setting.isBlank()) {
            return new PostgresImage(setting.trim(), "settings");
        }
        return new PostgresImage(DEFAULT, "default");
    }

    DockerImageName dockerName() {
        return DockerImageName.parse(name).asCompatibleSubstituteFor("postgres");
    }
}
