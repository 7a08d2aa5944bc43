package dev.lockdrill.app;

import dev.lockdrill.db.BackendChoice;
import dev.lockdrill.db.JdbcUrls;

import javax.tools.ToolProvider;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Properties;

/** Checks what a kata check needs, each with a status and, when not ok, how to fix it. */
public final class DoctorService {
    private final AppContext app;
    private final Map<String, String> env;

    public DoctorService(AppContext app, Map<String, String> env) {
        this.app = app;
        this.env = env;
    }

    public enum Level { OK, WARN, FAIL }

    public record Finding(String check, Level level, String detail, String fix) {
    }

    public List<Finding> examine(String flagUrl) {
        List<Finding> findings = new ArrayList<>();
        findings.add(java());
        findings.add(workbook());
        findings.addAll(postgres(flagUrl));
        findings.add(docker());
        return findings;
    }

    private Finding java() {
        int feature = Runtime.version().feature();
        boolean javac = ToolProvider.getSystemJavaCompiler() != null;
        String detail = "Java " + Runtime.version() + " (" + System.getProperty("java.home") + ")"
                + (javac ? ", javac available" : ", no javac");
        if (feature < 17 || !javac) {
            return new Finding("java", Level.FAIL, detail, "Install a JDK 17 or newer and set JAVA_HOME to it.");
        }
        return new Finding("java", Level.OK, detail, "");
    }

    private Finding workbook() {
        Path state = app.workbook().stateDir();
        try {
            Files.createDirectories(state);
            Path probe = Files.createTempFile(state, "doctor", ".tmp");
            Files.delete(probe);
            return new Finding("workbook", Level.OK, app.workbook().root() + " (" + app.catalog().katas().size()
                    + " katas; state in .lockdrill/)", "");
        } catch (IOException e) {
            return new Finding("workbook", Level.FAIL, "cannot write " + state + ": " + e.getMessage(),
                    "Make the workbook folder writable.");
        }
    }

    private List<Finding> postgres(String flagUrl) {
        BackendChoice choice = app.selector().choose(flagUrl);
        List<Finding> findings = new ArrayList<>();
        if (!choice.available()) {
            findings.add(new Finding("postgres", Level.FAIL, choice.reason(),
                    "Set LOCKDRILL_JDBC_URL=jdbc:postgresql://127.0.0.1:5432/postgres?user=postgres, start Docker, "
                            + "or run as a non-root user for the embedded PostgreSQL."));
            return findings;
        }
        findings.add(new Finding("postgres backend", Level.OK, choice.source() + ": " + choice.reason(), ""));
        String url = choice.source().equals("--jdbc-url") ? flagUrl
                : choice.source().equals("LOCKDRILL_JDBC_URL") ? env.get("LOCKDRILL_JDBC_URL") : null;
        if (url != null) {
            findings.add(reach(url));
        }
        return findings;
    }

    private static Finding reach(String url) {
        Properties props = new Properties();
        props.setProperty("connectTimeout", "3");
        props.setProperty("ApplicationName", "lockdrill-doctor");
        try (Connection c = DriverManager.getConnection(url, props); Statement s = c.createStatement();
             ResultSet rs = s.executeQuery("SHOW server_version")) {
            rs.next();
            return new Finding("postgres reachable", Level.OK, "PostgreSQL " + rs.getString(1) + " at "
                    + JdbcUrls.redact(url), "");
        } catch (SQLException e) {
            return new Finding("postgres reachable", Level.FAIL, JdbcUrls.redact(url) + ": " + e.getMessage(),
                    "Start PostgreSQL (e.g. `pg_ctlcluster <version> main start`) or fix LOCKDRILL_JDBC_URL.");
        }
    }

    private Finding docker() {
        String host = env.get("DOCKER_HOST");
        boolean socket = Files.exists(Path.of("/var/run/docker.sock"));
        if ((host != null && !host.isBlank()) || socket) {
            return new Finding("docker", Level.OK, "Docker environment found ("
                    + (socket ? "/var/run/docker.sock" : "DOCKER_HOST=" + host) + "); Testcontainers can be used", "");
        }
        return new Finding("docker", Level.WARN, "no Docker engine found; the Testcontainers backend is unavailable",
                "Not needed when LOCKDRILL_JDBC_URL points at a server.");
    }
}
