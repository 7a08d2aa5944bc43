package dev.lockdrill.runner;

import dev.lockdrill.support.OwnerMark;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

/**
 * Where the learner's code runs when lockdrill runs as root: as a user of its own, with nothing of
 * root's. Each check process gets a user id no other process has ({@link #uid}, from a range no
 * system gives out, tied to this process's pid so a later sweep can tell whose it was), the
 * supplementary groups cleared and no way back up ({@code setpriv --no-new-privs}). It reads the
 * class path and the learner's classes from copies in a folder of its own under the temporary
 * directory, because the workbook and lockdrill's own folder may be closed to others (and the
 * workbook's state must be); its home is a folder only it can write. When the check ends, every
 * process of that user is killed, a double fork ({@code setsid}) included: it cannot leave the
 * user id behind. A process killed with -9 leaves the folder (marked with its owner) and maybe
 * processes of the user; {@link #sweepOrphans} removes both once the owner is gone.
 *
 * <p>Not root: the check process runs as the user who runs lockdrill (it can read what that user
 * can). Its processes are then found by a mark in their environment ({@link #MARK_ENV}), which a
 * detached process inherits: a process that clears its environment before it detaches escapes.
 */
final class CheckSandbox implements AutoCloseable {
    /** Users of check processes: FIRST_UID + owner pid × PER_OWNER + n; above any system's range, below 2^32 − 1. */
    static final long FIRST_UID = 3_000_000_000L;
    static final long PER_OWNER = 100;
    static final String PREFIX = "lockdrill-check-";
    private static final String CLASSPATH_PREFIX = "lockdrill-classpath-";
    /** A variable every check process gets, different for each: its processes (and theirs) carry it. */
    static final String MARK_ENV = "LOCKDRILL_CHILD_MARK";
    private static final AtomicInteger NEXT = new AtomicInteger();
    private static final boolean ROOT = isRoot();
    private static final Path SETPRIV = findSetpriv();

    private final long uid;
    private final Path dir;
    private final String mark = Long.toHexString(java.util.concurrent.ThreadLocalRandom.current().nextLong())
            + Long.toHexString(System.nanoTime());

    private CheckSandbox(long uid, Path dir) {
        this.uid = uid;
        this.dir = dir;
    }

    /** The sandbox of no user of its own: the check process runs as lockdrill does. */
    static CheckSandbox none() {
        return new CheckSandbox(-1, null);
    }

    /** The value of {@link #MARK_ENV} for this sandbox's processes. */
    String mark() {
        return mark;
    }

    /** Whether check processes run as a user of their own here: lockdrill runs as root and setpriv is installed. */
    static boolean available() {
        return ROOT && SETPRIV != null && !"0".equals(System.getenv("LOCKDRILL_CHILD_SANDBOX")) && Switching.WORKS;
    }

    /**
     * Whether this system lets root switch to a user of its own (a container without CAP_SETUID does
     * not): tried once, with {@code true}, before the first check relies on it. Without it, checks run
     * as lockdrill does rather than crash.
     */
    private static final class Switching {
        static final boolean WORKS = tryOnce();

        private static boolean tryOnce() {
            long uid = FIRST_UID + ProcessHandle.current().pid() * PER_OWNER + PER_OWNER - 1;
            try {
                Process probe = new ProcessBuilder(SETPRIV.toString(), "--reuid=" + uid, "--regid=" + uid,
                        "--clear-groups", "--no-new-privs", "--", "true").redirectErrorStream(true)
                        .redirectOutput(ProcessBuilder.Redirect.DISCARD).start();
                return probe.waitFor(10, TimeUnit.SECONDS) && probe.exitValue() == 0;
            } catch (IOException e) {
                return false;
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return false;
            }
        }
    }

    /** A new sandbox when {@link #available()}, else {@link #none()}. */
    static CheckSandbox open(Path tempRoot) {
        if (!available()) {
            return none();
        }
        long owner = ProcessHandle.current().pid();
        for (int attempt = 0; attempt < PER_OWNER; attempt++) {
            long uid = FIRST_UID + owner * PER_OWNER + Math.floorMod(NEXT.getAndIncrement(), (int) PER_OWNER);
            if (!processesOf(uid).isEmpty()) {
                continue;
            }
            Path dir = tempRoot.resolve(PREFIX + uid);
            try {
                Files.createDirectory(dir, PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString(
                        "rwxr-xr-x")));
            } catch (FileAlreadyExistsException e) {
                continue;
            } catch (IOException e) {
                throw new UncheckedIOException("could not make a folder for the check process in " + tempRoot, e);
            }
            try {
                Files.setPosixFilePermissions(dir, PosixFilePermissions.fromString("rwxr-xr-x"));
                OwnerMark.write(dir);
                Path home = Files.createDirectory(dir.resolve("home"));
                Files.setAttribute(home, "unix:uid", (int) uid, LinkOption.NOFOLLOW_LINKS);
                Files.setAttribute(home, "unix:gid", (int) uid, LinkOption.NOFOLLOW_LINKS);
                Files.setPosixFilePermissions(home, PosixFilePermissions.fromString("rwx------"));
            } catch (IOException e) {
                deleteTree(dir);
                throw new UncheckedIOException("could not prepare the check process's folder " + dir, e);
            }
            return new CheckSandbox(uid, dir);
        }
        throw new IllegalStateException("no free user id for a check process of pid " + owner);
    }

    boolean isolated() {
        return uid >= 0;
    }

    long uid() {
        return uid;
    }

    /** Its home and working folder (only its user may write there); null when not isolated. */
    Path home() {
        return dir == null ? null : dir.resolve("home");
    }

    /** What goes before the java command: switch to the sandbox's user, for good. */
    List<String> commandPrefix() {
        if (!isolated()) {
            return List.of();
        }
        return List.of(SETPRIV.toString(), "--reuid=" + uid, "--regid=" + uid, "--clear-groups", "--no-new-privs",
                "--");
    }

    /**
     * The class path as the sandbox's user can read it. Each entry, and each jar a jar's manifest
     * names (lockdrill's jar names its libraries so; Surefire's booter names them all), is used as it
     * is when others may read it, else from a copy: a jar in a folder shared by every check of that
     * jar (hard links where the file system allows), a folder of classes in the sandbox's own. Not
     * isolated: the class path as it is.
     */
    String classPath(String classPath) {
        if (!isolated() || classPath == null || classPath.isBlank()) {
            return classPath;
        }
        List<Path> entries = expand(classPath);
        List<Path> closedJars = entries.stream().filter(e -> !readableByOthers(e) && Files.isRegularFile(e)).toList();
        java.util.Map<Path, Path> copies = stageShared(closedJars);
        List<String> staged = new ArrayList<>();
        int folders = 0;
        for (Path entry : entries) {
            if (copies.containsKey(entry)) {
                staged.add(copies.get(entry).toString());
            } else if (readableByOthers(entry)) {
                staged.add(entry.toString());
            } else if (Files.isDirectory(entry)) {
                staged.add(stage(entry, "path-" + folders++).toString());
            }
        }
        return String.join(java.io.File.pathSeparator, staged);
    }

    /** The class path's entries, each jar followed by what its manifest's Class-Path names, once each. */
    static List<Path> expand(String classPath) {
        return EXPANDED.computeIfAbsent(classPath, CheckSandbox::readManifests);
    }

    /** A JVM's class path and its jars' manifests do not change while it runs: read them once. */
    private static final java.util.Map<String, List<Path>> EXPANDED = new java.util.concurrent.ConcurrentHashMap<>();

    private static List<Path> readManifests(String classPath) {
        java.util.LinkedHashSet<Path> all = new java.util.LinkedHashSet<>();
        for (String entry : classPath.split(java.io.File.pathSeparator)) {
            if (!entry.isBlank()) {
                addWithManifest(Path.of(entry).toAbsolutePath().normalize(), all);
            }
        }
        return List.copyOf(all);
    }

    private static void addWithManifest(Path entry, java.util.Set<Path> all) {
        if (!all.add(entry) || !Files.isRegularFile(entry) || !entry.toString().endsWith(".jar")) {
            return;
        }
        try (java.util.jar.JarFile jar = new java.util.jar.JarFile(entry.toFile())) {
            java.util.jar.Manifest manifest = jar.getManifest();
            String named = manifest == null ? null
                    : manifest.getMainAttributes().getValue(java.util.jar.Attributes.Name.CLASS_PATH);
            if (named == null) {
                return;
            }
            for (String item : named.trim().split("\\s+")) {
                if (item.isEmpty()) {
                    continue;
                }
                Path path;
                try {
                    java.net.URI uri = entry.getParent().toUri().resolve(item);
                    path = "file".equals(uri.getScheme()) ? Path.of(uri) : null;
                } catch (IllegalArgumentException e) {
                    path = null;
                }
                if (path != null && Files.exists(path)) {
                    addWithManifest(path.toAbsolutePath().normalize(), all);
                }
            }
        } catch (IOException e) {
            // not a jar we can read: the JVM will say so
        }
    }

    /** Whether a user other than the owner may read the file or folder: every folder above it searchable by others. */
    static boolean readableByOthers(Path entry) {
        try {
            var own = Files.getPosixFilePermissions(entry);
            if (!own.contains(java.nio.file.attribute.PosixFilePermission.OTHERS_READ)
                    || Files.isDirectory(entry) && !own.contains(java.nio.file.attribute.PosixFilePermission.OTHERS_EXECUTE)) {
                return false;
            }
            for (Path dir = entry.toAbsolutePath().getParent(); dir != null; dir = dir.getParent()) {
                if (!Files.getPosixFilePermissions(dir).contains(java.nio.file.attribute.PosixFilePermission.OTHERS_EXECUTE)) {
                    return false;
                }
            }
            return true;
        } catch (IOException | UnsupportedOperationException e) {
            return false;
        }
    }

    /** The learner's classes (or another class path entry of the check's) copied into the sandbox's folder. */
    Path stage(Path entry, String name) {
        if (!isolated()) {
            return entry;
        }
        Path target = dir.resolve("classes").resolve(name);
        try {
            Files.createDirectories(target.getParent());
            copyTree(entry, target);
            return target;
        } catch (IOException e) {
            throw new UncheckedIOException("could not copy " + entry + " for the check process", e);
        }
    }

    /**
     * Kills every process of the sandbox's user, then removes its folder; not isolated, every process
     * that carries the sandbox's mark in its environment.
     */
    @Override
    public void close() {
        if (!isolated()) {
            killMarked(mark);
            return;
        }
        killAll(uid);
        deleteTree(dir);
    }

    /** Kills the processes (of this user: others' environments cannot be read) whose environment holds the mark. */
    static int killMarked(String mark) {
        byte[] needle = (MARK_ENV + "=" + mark).getBytes(StandardCharsets.UTF_8);
        int killed = 0;
        try (Stream<Path> procs = Files.list(Path.of("/proc"))) {
            for (Path proc : procs.toList()) {
                String name = proc.getFileName().toString();
                if (name.isEmpty() || !Character.isDigit(name.charAt(0))
                        || Long.parseLong(name) == ProcessHandle.current().pid()) {
                    continue;
                }
                try {
                    if (contains(Files.readAllBytes(proc.resolve("environ")), needle)) {
                        ProcessHandle.of(Long.parseLong(name)).ifPresent(ProcessHandle::destroyForcibly);
                        killed++;
                    }
                } catch (IOException | RuntimeException e) {
                    // another user's process, or one that ended while we looked
                }
            }
        } catch (IOException e) {
            // no /proc
        }
        return killed;
    }

    private static boolean contains(byte[] haystack, byte[] needle) {
        outer:
        for (int i = 0; i + needle.length <= haystack.length; i++) {
            if (i > 0 && haystack[i - 1] != 0) {
                continue; // a variable starts after a NUL
            }
            for (int j = 0; j < needle.length; j++) {
                if (haystack[i + j] != needle[j]) {
                    continue outer;
                }
            }
            if (i + needle.length == haystack.length || haystack[i + needle.length] == 0) {
                return true;
            }
        }
        return false;
    }

    /**
     * After a kill -9 of lockdrill: kills the processes left by check processes whose owner is gone and
     * removes their folders. What it did, one entry each.
     */
    static List<String> sweepOrphans(Path tempRoot) {
        List<String> done = new ArrayList<>();
        if (!ROOT) {
            return done; // only root makes sandboxes, and only root can stop their users' processes
        }
        try (Stream<Path> list = Files.list(tempRoot)) {
            for (Path dir : list.filter(p -> p.getFileName().toString().startsWith(PREFIX)).toList()) {
                long uid = uidOf(dir);
                if (uid < 0 || OwnerMark.ownerAlive(dir).orElse(ownerAlive(uid))) {
                    continue;
                }
                int killed = killAll(uid);
                if (killed > 0) {
                    done.add(killed + " process(es) of a check's user " + uid);
                }
                if (deleteTree(dir)) {
                    done.add("removed " + dir);
                }
            }
        } catch (IOException e) {
            // nothing to sweep
        }
        // processes of a check's user whose folder is already gone (its owner was killed while removing it)
        for (long uid : orphanUids()) {
            int killed = killAll(uid);
            if (killed > 0) {
                done.add(killed + " process(es) of a check's user " + uid);
            }
        }
        return done;
    }

    private static long uidOf(Path dir) {
        try {
            return Long.parseLong(dir.getFileName().toString().substring(PREFIX.length()));
        } catch (NumberFormatException e) {
            return -1;
        }
    }

    private static boolean ownerAlive(long uid) {
        long owner = (uid - FIRST_UID) / PER_OWNER;
        return ProcessHandle.of(owner).map(ProcessHandle::isAlive).orElse(false);
    }

    private static List<Long> orphanUids() {
        List<Long> uids = new ArrayList<>();
        forEachProcess((pid, uid) -> {
            if (uid >= FIRST_UID && uid < FIRST_UID + PER_OWNER * 5_000_000L && !uids.contains(uid)
                    && !ownerAlive(uid)) {
                uids.add(uid);
            }
        });
        return uids;
    }

    /** Kills every process of the user until none is left (a process forking meanwhile is killed too); how many. */
    static int killAll(long uid) {
        int killed = 0;
        for (int round = 0; round < 50; round++) {
            List<Long> left = processesOf(uid);
            if (left.isEmpty()) {
                return killed;
            }
            killed += left.size();
            if (SETPRIV != null && ROOT) {
                // kill(-1) as that user: every process it may signal (its own), in one call, so forks cannot outrun it
                try {
                    Process kill = new ProcessBuilder(SETPRIV.toString(), "--reuid=" + uid, "--regid=" + uid,
                            "--clear-groups", "--", "kill", "-KILL", "-1").redirectErrorStream(true)
                            .redirectOutput(ProcessBuilder.Redirect.DISCARD).start();
                    kill.waitFor(5, TimeUnit.SECONDS);
                } catch (IOException e) {
                    left.forEach(pid -> ProcessHandle.of(pid).ifPresent(ProcessHandle::destroyForcibly));
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    return killed;
                }
            } else {
                left.forEach(pid -> ProcessHandle.of(pid).ifPresent(ProcessHandle::destroyForcibly));
            }
            try {
                Thread.sleep(20);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return killed;
            }
        }
        return killed;
    }

    /** The live processes whose real user is {@code uid} (zombies, which nothing can kill, are not counted). */
    static List<Long> processesOf(long uid) {
        List<Long> pids = new ArrayList<>();
        forEachProcess((pid, owner) -> {
            if (owner == uid) {
                pids.add(pid);
            }
        });
        return pids;
    }

    private interface ProcessVisitor {
        void visit(long pid, long uid);
    }

    private static void forEachProcess(ProcessVisitor visitor) {
        try (Stream<Path> procs = Files.list(Path.of("/proc"))) {
            for (Path proc : procs.toList()) {
                String name = proc.getFileName().toString();
                if (name.isEmpty() || !Character.isDigit(name.charAt(0))) {
                    continue;
                }
                try {
                    long uid = -1;
                    boolean zombie = false;
                    for (String line : Files.readAllLines(proc.resolve("status"), StandardCharsets.UTF_8)) {
                        if (line.startsWith("Uid:")) {
                            uid = Long.parseLong(line.substring(4).strip().split("\\s+")[0]);
                        } else if (line.startsWith("State:")) {
                            zombie = line.contains("Z") || line.contains("X");
                        }
                    }
                    if (uid >= 0 && !zombie) {
                        visitor.visit(Long.parseLong(name), uid);
                    }
                } catch (IOException | RuntimeException e) {
                    // the process ended while we looked
                }
            }
        } catch (IOException e) {
            // no /proc: nothing to find
        }
    }

    /**
     * Shared, read-only copies of the jars others cannot read, in one folder per set of jars (their
     * paths, sizes and times), hard links where the file system allows: made by the first check
     * after a build, used by the next ones.
     */
    private static java.util.Map<Path, Path> stageShared(List<Path> jars) {
        java.util.Map<Path, Path> copies = new java.util.LinkedHashMap<>();
        if (jars.isEmpty()) {
            return copies;
        }
        try {
            java.security.MessageDigest digest = java.security.MessageDigest.getInstance("SHA-256");
            for (Path jar : jars) {
                digest.update((jar + "|" + Files.size(jar) + "|" + Files.getLastModifiedTime(jar).toMillis() + "\n")
                        .getBytes(StandardCharsets.UTF_8));
            }
            String key = java.util.HexFormat.of().formatHex(digest.digest()).substring(0, 16);
            Path root = sharedTempRoot().resolve(CLASSPATH_PREFIX + key);
            for (int i = 0; i < jars.size(); i++) {
                copies.put(jars.get(i), root.resolve(i + "-" + jars.get(i).getFileName()));
            }
            if (Files.isDirectory(root)) {
                Files.setLastModifiedTime(root, java.nio.file.attribute.FileTime.fromMillis(System.currentTimeMillis()));
                return copies;
            }
            Path partial = Files.createTempDirectory(root.getParent(), CLASSPATH_PREFIX + "partial-");
            Files.setPosixFilePermissions(partial, PosixFilePermissions.fromString("rwxr-xr-x"));
            for (var copy : copies.entrySet()) {
                link(copy.getKey(), partial.resolve(copy.getValue().getFileName()));
            }
            try {
                Files.move(partial, root, StandardCopyOption.ATOMIC_MOVE);
                removeOldCopies(root);
            } catch (IOException e) {
                deleteTree(partial); // another check staged it first
            }
            return copies;
        } catch (IOException e) {
            throw new UncheckedIOException("could not copy the class path for the check process", e);
        } catch (java.security.NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }

    /** Copies of earlier builds' class paths, unused for a day (a check of another workbook may still use a newer one). */
    private static void removeOldCopies(Path current) {
        long dayAgo = System.currentTimeMillis() - 86_400_000L;
        try (Stream<Path> list = Files.list(current.getParent())) {
            for (Path other : list.filter(p -> p.getFileName().toString().startsWith(CLASSPATH_PREFIX)
                    && !p.equals(current)).toList()) {
                if (Files.getLastModifiedTime(other).toMillis() < dayAgo) {
                    deleteTree(other);
                }
            }
        } catch (IOException e) {
            // kept for the next sweep
        }
    }

    private static void link(Path from, Path to) throws IOException {
        try {
            Files.createLink(to, from);
        } catch (IOException | UnsupportedOperationException e) {
            Files.copy(from, to, StandardCopyOption.COPY_ATTRIBUTES);
        }
        Files.setPosixFilePermissions(to, PosixFilePermissions.fromString("rw-r--r--"));
    }

    private static void copyTree(Path from, Path to) throws IOException {
        if (Files.isRegularFile(from)) {
            Files.copy(from, to, StandardCopyOption.REPLACE_EXISTING);
            Files.setPosixFilePermissions(to, PosixFilePermissions.fromString("rw-r--r--"));
            return;
        }
        try (Stream<Path> walk = Files.walk(from)) {
            for (Path path : walk.toList()) {
                Path target = to.resolve(from.relativize(path).toString());
                if (Files.isDirectory(path, LinkOption.NOFOLLOW_LINKS)) {
                    Files.createDirectories(target);
                    Files.setPosixFilePermissions(target, PosixFilePermissions.fromString("rwxr-xr-x"));
                } else if (Files.isRegularFile(path, LinkOption.NOFOLLOW_LINKS)) {
                    // a hard link where the file system allows: a build's classes are thousands of files
                    link(path, target);
                }
            }
        }
    }

    static boolean deleteTree(Path dir) {
        if (dir == null || !Files.exists(dir, LinkOption.NOFOLLOW_LINKS)) {
            return false;
        }
        try (Stream<Path> walk = Files.walk(dir)) {
            for (Path path : walk.sorted(java.util.Comparator.reverseOrder()).toList()) {
                Files.deleteIfExists(path);
            }
            return true;
        } catch (IOException | java.io.UncheckedIOException e) {
            // UncheckedIOException: the walk met a folder another cleaner (the signal hook, a sweep) had
            // just removed; what is left goes with the next sweep
            return false;
        }
    }

    /**
     * Where the sandboxes' folders and the class path copies go: the temporary folder, when other users
     * may pass through it (a test runner's own may be closed), else /tmp.
     */
    static Path sharedTempRoot() {
        Path tmp = Path.of(System.getProperty("java.io.tmpdir")).toAbsolutePath();
        return readableByOthers(tmp) ? tmp : Path.of("/tmp");
    }

    private static boolean isRoot() {
        try {
            Object uid = Files.getAttribute(Path.of("/proc/self"), "unix:uid");
            return uid instanceof Integer i && i == 0;
        } catch (IOException | UnsupportedOperationException | IllegalArgumentException e) {
            return false;
        }
    }

    private static Path findSetpriv() {
        for (String dir : System.getenv().getOrDefault("PATH", "/usr/bin:/bin").split(":")) {
            Path candidate = Path.of(dir.isEmpty() ? "." : dir, "setpriv");
            if (Files.isExecutable(candidate)) {
                return candidate;
            }
        }
        for (String fixed : List.of("/usr/bin/setpriv", "/bin/setpriv")) {
            if (Files.isExecutable(Path.of(fixed))) {
                return Path.of(fixed);
            }
        }
        return null;
    }

}
