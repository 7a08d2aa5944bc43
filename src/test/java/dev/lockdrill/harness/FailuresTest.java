package dev.lockdrill.harness;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

class FailuresTest {
    @Test
    void aHugeExceptionMessageIsDescribedByItsFirstLineCut() {
        String described = Failures.describe(new IllegalStateException("k".repeat(200_000) + "\nsecond line"));

        assertThat(described).startsWith("IllegalStateException: kkk").endsWith("… (200000 characters)")
                .hasSizeLessThan(Failures.MAX_MESSAGE + 60);
        assertThat(Failures.describe(new IllegalStateException("short\nmore")))
                .isEqualTo("IllegalStateException: short");
        assertThat(Failures.describe(new IllegalStateException())).isEqualTo("IllegalStateException");
    }
}
