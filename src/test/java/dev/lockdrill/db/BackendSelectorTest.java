package dev.lockdrill.db;

import dev.lockdrill.support.LockdrillException;
import dev.lockdrill.support.Secrets;
import org.junit.jupiter.api.Test;
import org.testcontainers.utility.DockerImageName;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.junit.jupiter.api.Assumptions.assumeFalse;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

class BackendSelectorTest {
    static final String URL = "jdbc:postgresql://db:5432/x?user=u&password=s3cret";

    @Test
    void flagWinsOverTheEnvironment() {
        BackendChoice choice = new BackendSelector(Map.of(BackendSelector.URL_ENV, "jdbc:postgresql://other/y"), "me")
                .choose(URL);

        assertThat(choice.source()).isEqualTo("--jdbc-url");
        assertThat(choice.reason()).doesNotContain("s3cret").contains("password=***");
    }

    @Test
    void environmentUrlIsUsedWhenNoFlag() {
        BackendChoice choice = new BackendSelector(Map.of(BackendSelector.URL_ENV, URL), "root").choose(null);

        assertThat(choice.source()).isEqualTo(BackendSelector.URL_ENV);
        assertThat(new BackendSelector(Map.of(BackendSelector.URL_ENV, URL), "root").open(null).jdbcUrl())
                .isEqualTo(URL);
    }

    @Test
    void libpqVariablesAreHonouredWhenNoUrlIsGiven() {
        Map<String, String> env = Map.of("PGHOST", "127.0.0.1", "PGUSER", "postgres", "PGPASSWORD", "p@ss/w");
        BackendChoice choice = new BackendSelector(env, "root").choose(null);

        assertThat(choice.source()).isEqualTo(BackendSelector.LIBPQ);
        assertThat(choice.reason()).contains("libpq's variables chose it (PGHOST, PGUSER, PGPASSWORD").doesNotContain("p@ss");
        assertThat(new BackendSelector(env, "root").open(null).jdbcUrl())
                .isEqualTo("jdbc:postgresql://127.0.0.1:5432/postgres?user=postgres&password=p%40ss%2Fw");
        assertThat(new BackendSelector(Map.of("PGHOST", "h", BackendSelector.URL_ENV, URL), "root").choose(null)
                .source()).isEqualTo(BackendSelector.URL_ENV);
    }

    @Test
    void aLibpqUriIsAcceptedAndAnythingElseIsRefusedWithTheExpectedForm() {
        assertThat(JdbcUrls.normalize("postgresql://alice:pw@db:5433/app?sslmode=require"))
                .isEqualTo("jdbc:postgresql://db:5433/app?user=alice&password=pw&sslmode=require");
        assertThat(JdbcUrls.normalize("postgres://db/app")).isEqualTo("jdbc:postgresql://db/app");
        assertThatThrownBy(() -> JdbcUrls.normalize("mysql://root:pw@h/x"))
                .isInstanceOf(LockdrillException.class)
                .hasMessageContaining("is not a PostgreSQL URL").hasMessageContaining("jdbc:postgresql://HOST:5432/DB")
                .hasMessageNotContaining(":pw@");
        assertThatThrownBy(() -> JdbcUrls.normalize("jdbc:postgresql:/bad"))
                .hasMessageContaining("is not a URL the PostgreSQL driver can read")
                .hasMessageContaining("jdbc:postgresql://HOST:5432/DB").hasMessageNotContaining("running");
        assertThat(JdbcUrls.normalize("jdbc:postgresql://h:5432/d?user=u")).isEqualTo("jdbc:postgresql://h:5432/d?user=u");
    }

    @Test
    void aRunsRoleUrlKeepsTheServerAndOptionsButNotTheConfiguredCredentials() {
        assertThat(JdbcUrls.asUser("jdbc:postgresql://db:5433/app?user=postgres&password=pw&sslmode=require",
                "ld1a_you", "s3cret")).isEqualTo("jdbc:postgresql://db:5433/app?sslmode=require&user=ld1a_you&password=s3cret");
        assertThat(JdbcUrls.asUser("jdbc:postgresql://127.0.0.1/postgres", "ld1a_you", "s"))
                .isEqualTo("jdbc:postgresql://127.0.0.1/postgres?user=ld1a_you&password=s");
        assertThat(JdbcUrls.redact(JdbcUrls.asUser("jdbc:postgresql://h/d?user=u", "ld1a_you", "s3cret")))
                .doesNotContain("s3cret");
    }

    @Test
    void withoutUrlOrDockerANonRootUserGetsTheEmbeddedServer() {
        assumeFalse(Files.exists(Path.of("/var/run/docker.sock")), "a Docker socket exists here");

        BackendChoice choice = new BackendSelector(Map.of(), "alice")
                .withEmbedded(() -> EmbeddedAccount.resolve(false, "alice")).choose(null);

        assertThat(choice.source()).isEqualTo("embedded");
        assertThat(choice.reason()).contains("running as 'alice'");
    }

    @Test
    void withoutUrlOrDockerRootGetsTheEmbeddedServerRunAsNobody() {
        assumeFalse(Files.exists(Path.of("/var/run/docker.sock")), "a Docker socket exists here");
        EmbeddedAccount.Resolution asRoot = EmbeddedAccount.resolve(true, "root");
        assumeTrue(asRoot.account().isPresent(), "no setpriv or no nobody account here: " + asRoot.reason());

        BackendChoice choice = new BackendSelector(Map.of(), "root").withEmbedded(() -> asRoot).choose(null);

        assertThat(choice.source()).isEqualTo("embedded");
        assertThat(choice.available()).isTrue();
        assertThat(choice.reason()).contains("as 'nobody'");
        assertThat(asRoot.account().orElseThrow().launcher()).first().asString().endsWith("setpriv");
        assertThat(asRoot.account().orElseThrow().launcher()).contains("--reuid=nobody", "--");
    }

    /** What `env -u LOCKDRILL_JDBC_URL ./lockdrill check` does as root when the OS user has no role on the local server. */
    @Test
    void asRootWithNoRoleOnTheLocalServerTheRefusalIsNamedAndTheEmbeddedServerRunAsNobodyComesNext() {
        assumeFalse(Files.exists(Path.of("/var/run/docker.sock")), "a Docker socket exists here");
        String osUser = "lockdrill_no_such_role";
        assumeTrue(LocalServer.connect(LocalServer.url(Map.of(), osUser)).state() == LocalServer.State.REFUSED,
                "no PostgreSQL answers on localhost:5432 here");
        EmbeddedAccount.Resolution asRoot = EmbeddedAccount.resolve(true, "root");
        assumeTrue(asRoot.account().isPresent(), "no setpriv or no nobody account here: " + asRoot.reason());

        BackendChoice choice = new BackendSelector(Map.of(), osUser, LocalServer::connect).withEmbedded(() -> asRoot)
                .choose(null);

        assertThat(choice.source()).isEqualTo("embedded");
        assertThat(choice.reason()).contains("localhost:5432 as role " + osUser).contains("refused")
                .contains("does not exist").contains("as 'nobody'");
    }

    @Test
    void rootWhereNoAccountCanRunTheServerGetsTheThreeOptions() {
        assumeFalse(Files.exists(Path.of("/var/run/docker.sock")), "a Docker socket exists here");
        BackendSelector selector = new BackendSelector(Map.of(), "root").withEmbedded(() ->
                EmbeddedAccount.Resolution.unavailable("running as root, where initdb refuses to run, and setpriv "
                        + "(util-linux) is not installed to run it as 'nobody'"));

        assertThat(selector.choose(null).available()).isFalse();
        assertThat(selector.choose(null).reason()).contains("setpriv");
        assertThatThrownBy(() -> selector.open(null)).isInstanceOf(LockdrillException.class)
                .hasMessageContaining("LOCKDRILL_JDBC_URL").hasMessageContaining("Docker")
                .hasMessageContaining("non-root").hasMessageContaining("setpriv")
                .satisfies(e -> assertThat(((LockdrillException) e).exitCode()).isEqualTo(2));
    }

    @Test
    void withNothingSetLibpqsDefaultsAreTriedBeforeDockerAsTheOsUser() {
        List<String> probed = new ArrayList<>();
        LocalServer.Probe answers = url -> {
            probed.add(url);
            return new LocalServer.Found(LocalServer.State.CONNECTED, "");
        };
        BackendSelector selector = new BackendSelector(Map.of("DOCKER_HOST", "tcp://x:2375", "PGPASSWORD", "pw"),
                "alice", answers);

        BackendChoice choice = selector.choose(null);

        assertThat(choice.source()).isEqualTo(BackendSelector.DEFAULTS);
        assertThat(choice.reason()).contains("localhost:5432 as role alice, database alice").contains("psql");
        assertThat(probed).containsExactly("jdbc:postgresql://localhost:5432/alice?user=alice&password=pw");
        assertThat(selector.open(null).jdbcUrl())
                .isEqualTo("jdbc:postgresql://localhost:5432/alice?user=alice&password=pw");
    }

    @Test
    void anythingConfiguredWinsOverLibpqsDefaultsAndIsChosenWithoutProbing() {
        LocalServer.Probe mustNotRun = url -> {
            throw new AssertionError("probed " + url);
        };
        BackendSettings saved = new BackendSettings("jdbc:postgresql://saved/x?user=u", null);

        assertThat(new BackendSelector(Map.of("PGUSER", "bob"), "alice", mustNotRun).choose(null).source())
                .isEqualTo(BackendSelector.LIBPQ);
        assertThat(new BackendSelector(Map.of(BackendSelector.URL_ENV, URL), "alice", mustNotRun).choose(null)
                .source()).isEqualTo(BackendSelector.URL_ENV);
        assertThat(new BackendSelector(Map.of(), "alice", mustNotRun).with(saved, null).choose(null).source())
                .isEqualTo(BackendSelector.SAVED);
    }

    @Test
    void aServerThatRefusesTheDefaultRoleIsNamedWithItsReasonAndTheOrderGoesOn() {
        LocalServer.Probe refuses = url -> new LocalServer.Found(LocalServer.State.REFUSED,
                "FATAL: role \"alice\" does not exist");

        BackendChoice docker = new BackendSelector(Map.of("DOCKER_HOST", "tcp://x:2375"), "alice", refuses)
                .choose(null);
        assertThat(docker.source()).isEqualTo("testcontainers");
        assertThat(docker.reason()).contains("localhost:5432 as role alice, database alice refused: FATAL: role");
        assumeFalse(Files.exists(Path.of("/var/run/docker.sock")), "a Docker socket exists here");
        assertThatThrownBy(() -> new BackendSelector(Map.of(), "root", refuses)
                .withEmbedded(() -> EmbeddedAccount.Resolution.unavailable("no account")).open(null))
                .hasMessageContaining("does not exist").hasMessageContaining("PGHOST");
    }

    @Test
    void dockerHostSelectsTestcontainers() {
        assertThat(new BackendSelector(Map.of("DOCKER_HOST", "tcp://x:2375"), "root").choose(null).source())
                .isEqualTo("testcontainers");
    }

    @Test
    void aShellChoiceWinsOverTheEnvironmentAndASavedUrlComesAfterLibpq() {
        Map<String, String> env = Map.of(BackendSelector.URL_ENV, "jdbc:postgresql://env/x");
        BackendSettings saved = new BackendSettings("jdbc:postgresql://saved/x?user=u", null);

        assertThat(new BackendSelector(env, "me", saved, "jdbc:postgresql://shell/x").choose(null).source())
                .isEqualTo(BackendSelector.SESSION);
        assertThat(new BackendSelector(env, "me", saved, null).choose(null).source())
                .isEqualTo(BackendSelector.URL_ENV);
        assertThat(new BackendSelector(Map.of("PGHOST", "h"), "me", saved, null).choose(null).source())
                .isEqualTo(BackendSelector.LIBPQ);
        BackendSelector onlySaved = new BackendSelector(Map.of("PGPASSWORD", "pw"), "root", saved, null);
        assertThat(onlySaved.choose(null).source()).isEqualTo(BackendSelector.SAVED);
        assertThat(onlySaved.open(null).jdbcUrl()).isEqualTo("jdbc:postgresql://saved/x?user=u&password=pw");
    }

    @Test
    void aUrlIsStoredWithoutItsSecrets() {
        assertThat(JdbcUrls.withoutSecrets("jdbc:postgresql://db/x?password=a&user=u&sslpassword=b"))
                .isEqualTo("jdbc:postgresql://db/x?user=u");
        assertThat(JdbcUrls.withoutSecrets("jdbc:postgresql://db/x?user=u&password=a")).isEqualTo(
                "jdbc:postgresql://db/x?user=u");
        assertThat(JdbcUrls.withoutSecrets("jdbc:postgresql://u:pw@db/x")).isEqualTo("jdbc:postgresql://u@db/x");
        assertThat(Secrets.holdsSecret(JdbcUrls.withoutSecrets(JdbcUrls.normalize("postgresql://a:p@w@h/d"))))
                .isFalse();
    }

    @Test
    void theImageComesFromTheEnvironmentThenTheSettingsAndIsTreatedAsPostgres() {
        BackendSettings settings = new BackendSettings(null, "mirror.example/library/postgres:16");

        assertThat(new BackendSelector(Map.of(), "me", settings, null).image().name())
                .isEqualTo("mirror.example/library/postgres:16");
        PostgresImage fromEnv = new BackendSelector(Map.of(PostgresImage.ENV, "local/pg:15"), "me", settings, null)
                .image();
        assertThat(fromEnv.name()).isEqualTo("local/pg:15");
        assertThat(fromEnv.dockerName().isCompatibleWith(DockerImageName.parse("postgres"))).isTrue();
        assertThat(new BackendSelector(Map.of(), "me").image().name()).isEqualTo(PostgresImage.DEFAULT);
    }

    @Test
    void urlsAreShownWithoutSecrets() {
        assertThat(JdbcUrls.redact(URL)).isEqualTo("jdbc:postgresql://db:5432/x?user=u&password=***");
        assertThat(JdbcUrls.redact("jdbc:postgresql://u:pw@db/x")).isEqualTo("jdbc:postgresql://u:***@db/x");
        assertThat(JdbcUrls.redact("jdbc:postgresql://db/x?PASSWORD=a;b=c")).isEqualTo(
                "jdbc:postgresql://db/x?PASSWORD=***;b=c");
    }
}
