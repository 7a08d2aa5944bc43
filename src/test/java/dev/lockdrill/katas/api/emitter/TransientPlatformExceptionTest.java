package dev.lockdrill.katas.api.emitter;

import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

class TransientPlatformExceptionTest {
    @Test
    void a403WithNoRateLimitLeftIsPaceNotTheCredential() {
        var e = new TransientPlatformException(403, "limited", Duration.ofSeconds(2),
                Map.of("X-RateLimit-Remaining", "0", "X-RateLimit-Reset", "1767225602"), "");
        assertThat(e.rateLimited()).isTrue();
        assertThat(e.credentialRejected()).isFalse();
        assertThat(e.resourceRefused()).isFalse();
        assertThat(e.header("x-ratelimit-reset")).hasValue("1767225602");
    }

    @Test
    void a403WithRetryAfterIsASecondaryRateLimit() {
        var e = new TransientPlatformException(403, "limited", Duration.ofSeconds(1), Map.of("Retry-After", "1"),
                "{\"message\":\"You have exceeded a secondary rate limit.\"}");
        assertThat(e.rateLimited()).isTrue();
        assertThat(e.credentialRejected()).isFalse();
    }

    @Test
    void a403ResourceNotAccessibleByIntegrationRefusesOneItem() {
        var e = new TransientPlatformException(403, "refused", null, Map.of(),
                "{\"message\":\"Resource not accessible by integration\"}");
        assertThat(e.resourceRefused()).isTrue();
        assertThat(e.rateLimited()).isFalse();
        assertThat(e.credentialRejected()).isFalse();
    }

    @Test
    void anAuthLevel403And401AreTheCredentials() {
        var sso = new TransientPlatformException(403, "sso", null, Map.of("X-GitHub-SSO", "required; url=x"),
                "{\"message\":\"Resource protected by organization SAML enforcement.\"}");
        assertThat(sso.credentialRejected()).isTrue();
        assertThat(new TransientPlatformException(401, "revoked").credentialRejected()).isTrue();
    }

    @Test
    void theOldConstructorsKeepTheirMeaning() {
        var old = new TransientPlatformException(403, "forbidden");
        assertThat(old.credentialRejected()).isTrue();
        assertThat(old.headers()).isEmpty();
        assertThat(old.body()).isEmpty();
        var limited = new TransientPlatformException(429, "slow down", Duration.ofMillis(400));
        assertThat(limited.rateLimited()).isTrue();
        assertThat(limited.retryAfter()).hasValue(Duration.ofMillis(400));
        assertThat(new TransientPlatformException(503, "down").credentialRejected()).isFalse();
    }
}
