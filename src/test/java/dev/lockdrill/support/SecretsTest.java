package dev.lockdrill.support;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.List;
import java.util.Random;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.function.Function;
import java.util.regex.Pattern;

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
    void aQuoteNeverClosedIsMaskedToTheEndOfItsStringOrLine() {
        assertThat(Secrets.redact("{\"m\":\"password='abc\",\"n\":1}")).isEqualTo("{\"m\":\"password='***\",\"n\":1}");
        assertThat(Secrets.redact("pwd='it\\'s open\nnext line")).isEqualTo("pwd='***\nnext line");
        assertThat(Secrets.redact("password='it\\'s' user=u")).isEqualTo("password='***' user=u");
    }

    /** The scans give what the regular expressions they replaced gave, on texts those handled well. */
    @Test
    void scansAgreeWithTheFormerRegularExpressionsOnShortTexts() {
        String keys = "password|sslpassword|sslkeypassword|sslkey_password|passwd|pwd";
        Pattern param = Pattern.compile("(?i)\\b((?:" + keys + ")\\s*=\\s*)(?!\\*\\*\\*)[^&;\\s'\"]+");
        Pattern userInfo = Pattern.compile("([a-zA-Z][a-zA-Z0-9+.-]*://[^:/@\\s\"'<>]*):[^\\s\"'<>]*@");
        Function<String, String> former = t -> userInfo.matcher(param.matcher(t).replaceAll("$1" + Secrets.MASK))
                .replaceAll("$1:" + Secrets.MASK + "@");
        List<String> pieces = List.of("password", "PwD", "sslpassword", "x", "_", "1", "=", " ", ":", "//", "/",
                "@", "&", ";", "\"", "<", ".", "-", "postgresql://", "jdbc:postgresql://", "u:p@h", "\n", "***");
        Random random = new Random(7);
        for (int round = 0; round < 20_000; round++) {
            StringBuilder text = new StringBuilder();
            for (int k = random.nextInt(12); k >= 0; k--) {
                text.append(pieces.get(random.nextInt(pieces.size())));
            }
            assertThat(Secrets.redact(text.toString())).as(text.toString()).isEqualTo(former.apply(text.toString()));
        }
    }

    /** A learner's 1 MB exception message or a 100,000-character argument is redacted in linear time. */
    @Test
    void hugeHostileTextsAreRedactedQuickly() throws Exception {
        int mb = 1 << 20;
        List<String> texts = List.of(
                "k".repeat(mb),
                "x".repeat(100_000),
                "a://b:".repeat(mb / 6),
                "a://".repeat(mb / 4) + ":",
                "password='".repeat(mb / 10),
                "password=\"".repeat(mb / 10),
                "password" + " ".repeat(mb),
                "pwd='\\'".repeat(mb / 7),
                "q:".repeat(mb / 2) + "//u:" + "@".repeat(1000),
                "{\"m\":\"" + "postgresql://u:p@h ".repeat(mb / 19) + "\"}");
        CompletableFuture<List<String>> redacted = CompletableFuture.supplyAsync(
                () -> texts.stream().map(Secrets::redact).toList());

        List<String> out = redacted.get(5, TimeUnit.SECONDS);

        assertThat(out.get(0) == texts.get(0)).as("a text without secrets is returned as it is").isTrue();
        assertThat(out.get(4).startsWith("password='***'password='***'")).isTrue();
        assertThat(out.get(5).startsWith("password=\"password=\"")).as("a double quote ends a bare value").isTrue();
        assertThat(out.get(9).contains("u:p@")).isFalse();
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
