package dev.lockdrill.cli;

import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.AccessDeniedException;
import java.nio.file.FileSystemException;

import static org.assertj.core.api.Assertions.assertThat;

/** A write refused by the file system is a sentence naming the file (exit 2), not an internal error. */
class UnwritableWorkbookTest {
    @Test
    void aRefusedWriteNamesTheFileHoweverDeepItIsWrapped() {
        assertThat(Cli.unwritable(new UncheckedIOException(new AccessDeniedException("/w/.lockdrill/state.json"))))
                .isEqualTo("/w/.lockdrill/state.json");
        assertThat(Cli.unwritable(new IllegalStateException("saving", new FileSystemException("/w/.lockdrill/x",
                null, "Read-only file system")))).isEqualTo("/w/.lockdrill/x");
    }

    @Test
    void otherErrorsStayInternal() {
        assertThat(Cli.unwritable(new IllegalStateException("a bug"))).isNull();
        assertThat(Cli.unwritable(new UncheckedIOException(new IOException("disk on fire")))).isNull();
    }
}
