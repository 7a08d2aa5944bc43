package dev.lockdrill.support;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;

import static org.assertj.core.api.Assertions.assertThat;

class SecretsTest {
    @Test
    void everyUrlFormLosesItsPassword() {
        assertThat(Secrets.redact("jdbc:postgresql://h:5432/db?user=u&password=s3cr3t&ssl=true"))
                .isEqualTo("jdbc:postgresql://h:5432/db?user=u&password=***&ssl=true");
        assertThat(Secrets.redact("jdbc:postgresql://h/db?sslpassword=k3y&user=u"))
                .isEqualTo("jdbc:postgresql://h/db?sslpassword=***&user=u");
        assertThat(Secrets.redact("postgresql://alice:pa/ss@w0rd@db.example:5432/app"))
                .isEqualTo("postgresql://alice:***@db.example:5432/app");
        assertThat(Secrets.redact("jdbc:postgresql://alice:hunter2@h/db"))
                .isEqualTo("jdbc:postgresql://alice:***@h/db");
        assertThat(Secrets.redact("host=h user=u password='it is secret' dbname=d"))
                .isEqualTo("host=h user=u password='***' dbname=d");
        assertThat(Secrets.redact("host=h PASSWORD=plain dbname=d")).isEqualTo("host=h PASSWORD=*** dbname=d");
    }

    @Test
    void driverMessagesAndJsonStayReadable() {
        String json = "{\"backend\":\"postgresql://u:p@h/d\",\"who\":\"a@b\"}";
        assertThat(Secrets.redact(json)).isEqualTo("{\"backend\":\"postgresql://u:***@h/d\",\"who\":\"a@b\"}");
        assertThat(Secrets.redact("FATAL: password authentication failed for user \"u\""))
                .isEqualTo("FATAL: password authentication failed for user \"u\"");
        assertThat(Secrets.holdsSecret("check k --jdbc-url jdbc:postgresql://h/d?password=x")).isTrue();
        assertThat(Secrets.holdsSecret("check fencing-token --seed 4")).isFalse();
    }

    @Test
    void privateFileIsOwnerOnly(@TempDir Path dir) throws Exception {
        Path fresh = dir.resolve("history");
        PrivateFiles.ensure(fresh);
        Path old = Files.writeString(dir.resolve("old"), "x");
        Files.setPosixFilePermissions(old, PosixFilePermissions.fromString("rw-r--r--"));
        PrivateFiles.ensure(old);

        assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(fresh))).isEqualTo("rw-------");
        assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(old))).isEqualTo("rw-------");
    }
}
