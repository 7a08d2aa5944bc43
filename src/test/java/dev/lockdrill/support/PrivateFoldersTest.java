package dev.lockdrill.support;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;

import static org.assertj.core.api.Assertions.assertThat;

/** The workbook's state closed to other users (a check process run as a user of its own), and nothing shared. */
class PrivateFoldersTest {
    @TempDir
    Path temp;

    @Test
    void aStateFolderIsClosedToOthers() throws Exception {
        Path state = Files.createDirectory(temp.resolve(".lockdrill"));
        Files.setPosixFilePermissions(state, PosixFilePermissions.fromString("rwxr-xr-x"));

        PrivateFiles.closeFolder(state);

        assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(state))).isEqualTo("rwx------");
    }

    @Test
    void aFolderOthersShareByDesignIsNeverClosed() throws Exception {
        Path shared = Files.createDirectory(temp.resolve("shared"));
        Files.setAttribute(shared, "unix:mode", 01777);

        PrivateFiles.closeFolder(shared);
        PrivateFiles.closeFolder(Path.of("/"));

        assertThat((Integer) Files.getAttribute(shared, "unix:mode") & 07777).isEqualTo(01777);
    }
}
