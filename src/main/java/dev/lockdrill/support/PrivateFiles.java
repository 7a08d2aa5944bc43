package dev.lockdrill.support;

import java.io.IOException;
import java.nio.file.FileSystems;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermission;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.Set;

/** Files only their owner may read (0600): the shell history, which may hold what the user typed. */
public final class PrivateFiles {
    private static final Set<PosixFilePermission> OWNER_ONLY = PosixFilePermissions.fromString("rw-------");

    private PrivateFiles() {
    }

    /** Creates the file readable by its owner only, or narrows an existing file to that. */
    public static void ensure(Path file) throws IOException {
        if (!FileSystems.getDefault().supportedFileAttributeViews().contains("posix")) {
            if (!Files.exists(file)) {
                Files.createFile(file);
            }
            return;
        }
        if (Files.exists(file)) {
            Files.setPosixFilePermissions(file, OWNER_ONLY);
        } else {
            Files.createFile(file, PosixFilePermissions.asFileAttribute(OWNER_ONLY));
        }
    }
}
