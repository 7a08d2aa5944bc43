package dev.lockdrill.app;

import dev.lockdrill.catalog.Workbook;
import dev.lockdrill.db.BackendSelector;
import dev.lockdrill.db.DockerProbe;
import dev.lockdrill.db.JdbcUrls;
import dev.lockdrill.db.PostgresImage;
import dev.lockdrill.testing.Pipelines;
import dev.lockdrill.testing.Workbooks;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.Statement;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.Function;

import static org.assertj.core.api.Assertions.assertThat;

/** doctor's lines: Redis by a plain-socket PING, disk space for .lockdrill/, what chose the backend, Docker. */
class DoctorServiceTest {
    @TempDir
    Path root;

    @Test
    void aSuperuserIsFlaggedWithTheRoleToUseInsteadAndACreateroleRoleIsOk() throws Exception {
        DoctorService.Finding superuser = DoctorService.role(Pipelines.JDBC_URL);
        assertThat(superuser.level()).isEqualTo(DoctorService.Level.WARN);
        assertThat(superuser.detail()).contains("is a superuser");
        assertThat(superuser.fix()).contains("CREATE ROLE lockdrill LOGIN CREATEROLE; GRANT CREATE ON DATABASE");

        String role = "lockdrill_test_doctor_" + Long.toHexString(System.nanoTime());
        try (Connection c = DriverManager.getConnection(Pipelines.JDBC_URL);
             Statement s = c.createStatement()) {
            s.execute("CREATE ROLE " + role + " LOGIN");
            try {
                String url = JdbcUrls.asUser(Pipelines.JDBC_URL, role, "x");
                DoctorService.Finding plain = DoctorService.role(url);
                assertThat(plain.level()).isEqualTo(DoctorService.Level.WARN);
                assertThat(plain.detail()).contains("may not create roles");
                assertThat(plain.fix()).contains("ALTER ROLE " + role + " CREATEROLE;");

                s.execute("ALTER ROLE " + role + " CREATEROLE");
                assertThat(DoctorService.role(url).level()).isEqualTo(DoctorService.Level.OK);
            } finally {
                s.execute("DROP ROLE " + role);
            }
        }
    }

    @Test
    void redisThatAnswersPongIsOk() throws Exception {
        try (ServerSocket server = fakeRedis("+PONG\r\n")) {
            DoctorService.Finding redis = finding("redis", server.getLocalPort());
            assertThat(redis.level()).isEqualTo(DoctorService.Level.OK);
            assertThat(redis.detail()).contains("answers PING");
        }
    }

    @Test
    void redisThatWantsAPasswordIsAWarningWithTheFix() throws Exception {
        try (ServerSocket server = fakeRedis("-NOAUTH Authentication required.\r\n")) {
            DoctorService.Finding redis = finding("redis", server.getLocalPort());
            assertThat(redis.level()).isEqualTo(DoctorService.Level.WARN);
            assertThat(redis.detail()).contains("NOAUTH");
            assertThat(redis.fix()).contains("no password");
        }
    }

    @Test
    void noRedisIsOnlyAWarningBecauseOnlyLaterKatasNeedIt() throws Exception {
        int port;
        try (ServerSocket free = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            port = free.getLocalPort();
        }
        DoctorService.Finding redis = finding("redis", port);
        assertThat(redis.level()).isEqualTo(DoctorService.Level.WARN);
        assertThat(redis.fix()).contains("redis-server");
    }

    @Test
    void diskSpaceIsMeasuredWhereTheStateLives() throws Exception {
        DoctorService.Finding disk = finding("disk", 1);
        assertThat(disk.level()).isNotEqualTo(DoctorService.Level.FAIL);
        assertThat(disk.detail()).contains("free for .lockdrill/", "runs keep 0 MiB");
    }

    @Test
    void libpqVariablesAreNamedAsWhatChoseTheBackend() throws Exception {
        Map<String, String> env = Map.of("PGHOST", "127.0.0.1", "PGUSER", "postgres");
        DoctorService.Finding backend = examine(new BackendSelector(env, "root"), env, image -> null).stream()
                .filter(f -> f.check().equals("postgres backend")).findFirst().orElseThrow();

        assertThat(backend.detail()).contains("libpq's variables chose it (PGHOST, PGUSER set)");
    }

    @Test
    void anEngineThatCannotGetTheImageFailsDoctorWhenTestcontainersIsTheBackend() throws Exception {
        Map<String, String> env = Map.of("DOCKER_HOST", "unix:///nowhere/docker.sock",
                PostgresImage.ENV, "mirror.example/postgres:16");
        List<PostgresImage> asked = new ArrayList<>();
        List<DoctorService.Finding> findings = examine(new BackendSelector(env, "root"), env, image -> {
            asked.add(image);
            return new DockerProbe.Result(DockerProbe.State.NO_IMAGE, "cannot get the PostgreSQL image");
        });
        DoctorService.Finding docker = findings.stream().filter(f -> f.check().equals("docker")).findFirst()
                .orElseThrow();

        assertThat(asked).extracting(PostgresImage::name).containsExactly("mirror.example/postgres:16");
        assertThat(docker.level()).isEqualTo(DoctorService.Level.FAIL);
        assertThat(docker.detail()).contains("cannot get");
        assertThat(findings).extracting(DoctorService.Finding::check).contains("pgbouncer");
    }

    private List<DoctorService.Finding> examine(BackendSelector selector, Map<String, String> env,
                                                Function<PostgresImage, DockerProbe.Result> docker)
            throws IOException {
        Workbooks.copyKata(Pipelines.repoRoot(), root, "fencing-token");
        try (AppContext app = new AppContext(new Workbook(root, root.resolve(".lockdrill")), Clock.systemUTC(),
                selector)) {
            return new DoctorService(app, env, new RedisPing("127.0.0.1", 1, Duration.ofSeconds(1)), docker)
                    .examine(null);
        }
    }

    private DoctorService.Finding finding(String check, int redisPort) throws IOException {
        Workbooks.copyKata(Pipelines.repoRoot(), root, "fencing-token");
        try (AppContext app = new AppContext(new Workbook(root, root.resolve(".lockdrill")), Clock.systemUTC(),
                new BackendSelector(Map.of(), "root"))) {
            List<DoctorService.Finding> findings = new DoctorService(app, Map.of(),
                    new RedisPing("127.0.0.1", redisPort, Duration.ofSeconds(2))).examine(null);
            return findings.stream().filter(f -> f.check().equals(check)).findFirst().orElseThrow();
        }
    }

    private static ServerSocket fakeRedis(String reply) throws IOException {
        ServerSocket server = new ServerSocket(0, 1, InetAddress.getLoopbackAddress());
        Thread thread = new Thread(() -> {
            try (Socket client = server.accept()) {
                InputStream in = client.getInputStream();
                byte[] ping = new byte[6];
                int read = 0;
                while (read < ping.length) {
                    read += in.read(ping, read, ping.length - read);
                }
                assertThat(new String(ping, StandardCharsets.US_ASCII)).isEqualTo("PING\r\n");
                OutputStream out = client.getOutputStream();
                out.write(reply.getBytes(StandardCharsets.US_ASCII));
                out.flush();
            } catch (IOException ignored) {
                // the test ends the server
            }
        });
        thread.setDaemon(true);
        thread.start();
        return server;
    }
}
