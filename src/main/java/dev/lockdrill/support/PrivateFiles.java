package dev.lockdrill.support;

import java.io.IOException;
import java.nio.file.FileSystems;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermission;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.Set;

/**
 * Files only their owner may read (0600): the shell history, which may hold what the user typed;
 * and folders only their owner may enter (0700): the workbook's state, which a check process run
 * as a user of its own (lockdrill as root) must not read, change or delete.
 */
public final class PrivateFiles {
    private static final Set<PosixFilePermission> OWNER_ONLY = PosixFilePermissions.fromString("rw-------");

    private PrivateFiles() {
    }

    private static final Set<PosixFilePermission> OWNER_ONLY_FOLDER = PosixFilePermissions.fromString("rwx------");

    /**
     * Narrows an existing folder to its owner (nothing when it does not exist, or on a file system
     * without modes). Never a folder others share by design (sticky, such as /tmp), nor the root.
     */
    public static void closeFolder(Path dir) {
        if (!FileSystems.getDefault().supportedFileAttributeViews().contains("posix") || !Files.isDirectory(dir)
                || dir.toAbsolutePath().getParent() == null || sticky(dir)) {
            return;
        }
        try {
            if (!Files.getPosixFilePermissions(dir).equals(OWNER_ONLY_FOLDER)) {
                Files.setPosixFilePermissions(dir, OWNER_ONLY_FOLDER);
            }
        } catch (IOException | SecurityException e) {
            // a folder owned by another user, or read-only: the check process's own user still cannot write it
        }
    }

    private static boolean sticky(Path dir) {
        try {
            Object mode = Files.getAttribute(dir, "unix:mode");
            return mode instanceof Integer m && (m & 01000) != 0;
        } catch (IOException | UnsupportedOperationException | IllegalArgumentException e) {
            return true;
        }
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
