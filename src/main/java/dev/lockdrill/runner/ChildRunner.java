package dev.lockdrill.runner;

import dev.lockdrill.history.Event;
import dev.lockdrill.history.EventCodec;
import dev.lockdrill.history.HistoryAssembler;
import dev.lockdrill.support.ChildArgs;

import java.io.BufferedInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Consumer;

/**
 * Runs the learner's code in a child JVM with a hard timeout and assembles the events it streams
 * (on an {@link EventChannel} of their own; its stdout and stderr go to the capped log) into a
 * history. Whatever the learner's code does (loop forever, deadlock, System.exit, run out of
 * memory) this returns, with a status that says which.
 */
public final class ChildRunner {
    static final int HEAP_MB = 256;
    static final long DESCENDANT_POLL_MILLIS = 100;
    /** The JVM's own warnings go to the log (stderr). */
    static final List<String> JVM_OPTIONS = List.of("-Xmx" + HEAP_MB + "m", "-XX:+ExitOnOutOfMemoryError",
            "-XX:TieredStopAtLevel=1", "-XX:+UseSerialGC", "-XX:-UsePerfData", "-Xshare:auto", "-Xlog:disable",
            "-Xlog:all=warning:stderr", "-Dfile.encoding=UTF-8");
    private static final Optional<ChildArchive> ARCHIVE = ChildArchive.forClassPath(
            System.getProperty("java.class.path"), JVM_OPTIONS);
    /** Once the check process is gone, what is left on its channel is finite: read it all, on a busy machine too. */
    static final long READER_DRAIN_MILLIS = 30_000;
    /** Check processes running now, stopped with their descendants if this process is stopped. */
    private static final Set<Process> LIVE = ConcurrentHashMap.newKeySet();
    /**
     * Check processes started ahead of the next check of their label and JVM options ({@link #keepWarm},
     * {@link #standbyKey}); each is used once.
     */
    private static final Map<String, Process> STANDBY = new ConcurrentHashMap<>();
    private static volatile boolean keepWarm;
    /** The sandbox each running or waiting check process runs in (when lockdrill is root), closed when it ends. */
    private static final Map<Process, CheckSandbox> SANDBOXES = new ConcurrentHashMap<>();
    /** How long after a check process ends the next one starts warming up. */
    static final long PREPARE_AFTER_MILLIS = 1_000;
    private static final ScheduledExecutorService LATER = Executors.newSingleThreadScheduledExecutor(task -> {
        Thread thread = new Thread(task, "prepare-check-process");
        thread.setDaemon(true);
        return thread;
    });

    static {
        Runtime.getRuntime().addShutdownHook(new Thread(() -> {
            LIVE.forEach(ChildRunner::kill);
            SANDBOXES.values().forEach(CheckSandbox::close);
        }, "stop-check-processes"));
    }

    /**
     * While on (an interactive session: the REPL, watch mode), every check process that ends is
     * replaced by one started ahead of the next check of its label: a fresh JVM, warmed up with the
     * kata's workload, that waits for its job on its standard input and is used once. Off stops
     * those waiting.
     */
    public static void keepWarm(boolean on) {
        keepWarm = on;
        if (!on) {
            STANDBY.values().forEach(ChildRunner::kill);
            STANDBY.values().forEach(LIVE::remove);
            STANDBY.values().forEach(ChildRunner::closeSandbox);
            STANDBY.clear();
        }
    }

    /**
     * After lockdrill was killed with -9 while checks ran as users of their own (as root): their
     * processes and folders, once their owner is gone. One entry per thing stopped or removed.
     */
    public static List<String> sweepOrphanedSandboxes() {
        return CheckSandbox.sweepOrphans(TEMP_ROOT);
    }

    /** Where sandboxed check processes keep their folders and their servers' (the temporary folder, or /tmp). */
    public static Path sandboxTempRoot() {
        return TEMP_ROOT;
    }

    public static boolean keepingWarm() {
        return keepWarm;
    }

    public ChildOutcome run(ChildSpec spec, Consumer<Event.Progress> progress) {
        long start = System.nanoTime();
        HistoryAssembler assembler = new HistoryAssembler();
        AtomicReference<Event.Error> error = new AtomicReference<>();
        AtomicReference<Event.Interrupted> interrupted = new AtomicReference<>();
        AtomicReference<Event.Progress> lastProgress = new AtomicReference<>();
        AtomicReference<Boolean> done = new AtomicReference<>(false);
        Process standby = STANDBY.remove(standbyKey(spec));
        if (standby != null && !standby.isAlive()) {
            LIVE.remove(standby);
            closeSandbox(standby);
            standby = null;
        }
        CheckSandbox sandbox = standby != null ? SANDBOXES.getOrDefault(standby, CheckSandbox.none())
                : CheckSandbox.open(TEMP_ROOT);
        // the archive is written next to lockdrill's jar, where a sandbox's user may not write or even read
        ChildArchive.Use archive = standby != null || sandbox.isolated() ? null
                : ARCHIVE.map(ChildArchive::use).orElse(null);
        EventChannel channel = EventChannel.open();
        Process process;
        try {
            process = standby != null ? assign(standby, spec, channel, sandbox)
                    : start(spec, channel, archive == null ? List.of() : archive.options(), sandbox);
        } catch (RuntimeException e) {
            if (archive != null) {
                archive.ended(false);
            }
            sandbox.close();
            throw e;
        }
        SANDBOXES.put(process, sandbox);
        LIVE.add(process);
        Thread log = CappedLog.start(process.getInputStream(), spec.logFile(), "check-log-" + spec.label());
        Thread reader = new Thread(() -> read(process, channel, event -> {
            assembler.accept(event);
            if (event instanceof Event.Progress p) {
                lastProgress.set(p);
                progress.accept(p);
            } else if (event instanceof Event.Error e) {
                error.compareAndSet(null, e);
            } else if (event instanceof Event.Interrupted i) {
                interrupted.compareAndSet(null, i);
            } else if (event instanceof Event.Done) {
                done.set(true);
            }
        }), "check-output-" + spec.label());
        reader.setDaemon(true);
        reader.start();
        Set<ProcessHandle> forked = ConcurrentHashMap.newKeySet();
        boolean finished = waitWatchingDescendants(process, spec.timeout().toMillis(), forked);
        String stacks = "";
        if (!finished) {
            stacks = ThreadDump.learnerStacks(ThreadDump.take(process.pid()));
            kill(process);
        }
        forked.forEach(ProcessHandle::destroyForcibly);
        LIVE.remove(process);
        closeSandbox(process);
        join(reader, READER_DRAIN_MILLIS);
        channel.close();
        join(log, 5_000);
        long millis = (System.nanoTime() - start) / 1_000_000;
        if (archive != null) {
            archive.ended(finished && done.get() && error.get() == null && process.exitValue() == 0);
        }
        if (keepWarm) {
            // once this check has been judged and shown: a JVM warming up now would slow its end
            LATER.schedule(() -> prepare(spec), PREPARE_AFTER_MILLIS, TimeUnit.MILLISECONDS);
        }
        var history = assembler.build(spec.seed());
        if (!finished) {
            return new ChildOutcome(ChildStatus.TIMEOUT, history, timeoutMessage(spec, lastProgress.get(),
                    assembler.pending()), stacks.isEmpty() ? "" : "Where your code was when it was stopped:\n"
                    + stacks, millis);
        }
        if (interrupted.get() != null) {
            return new ChildOutcome(ChildStatus.INTERRUPTED, history, "the check was interrupted ("
                    + interrupted.get().how() + ")", "", millis);
        }
        if (error.get() != null) {
            Event.Error e = error.get();
            ChildStatus status = done.get() && !e.message().contains("System.exit")
                    ? ChildStatus.HARNESS_ERROR : ChildStatus.CRASHED;
            return new ChildOutcome(status, history, e.message(), e.detail(), millis);
        }
        if (!done.get()) {
            String output = tail(spec.logFile(), 50);
            return new ChildOutcome(ChildStatus.CRASHED, history, crashMessage(process.exitValue(), output),
                    tail(spec.logFile(), 15), millis);
        }
        return new ChildOutcome(ChildStatus.COMPLETED, history, "", "", millis);
    }

    /** Starts the check process that waits for the next check of this spec's label, unless one waits already. */
    private static void prepare(ChildSpec spec) {
        String key = standbyKey(spec);
        if (!keepWarm || STANDBY.containsKey(key)) {
            return;
        }
        CheckSandbox sandbox;
        try {
            sandbox = CheckSandbox.open(TEMP_ROOT);
        } catch (RuntimeException e) {
            return; // the next check starts its own process, as without a standby
        }
        List<String> command = command(sandbox.isolated() ? List.of()
                : ARCHIVE.map(ChildArchive::readOptions).orElse(List.of()), spec.jvmOptions(), sandbox);
        command.addAll(List.of(ChildArgs.STANDBY, spec.workloadClass()));
        if (spec.jdbcUrl() != null) {
            command.add(ChildArgs.STANDBY_POSTGRES);
        }
        ProcessBuilder builder = builder(command, sandbox);
        builder.redirectInput(ProcessBuilder.Redirect.PIPE).redirectErrorStream(true);
        try {
            Process process = builder.start();
            LIVE.add(process);
            SANDBOXES.put(process, sandbox);
            Process raced = STANDBY.putIfAbsent(key, process);
            if (raced != null || !keepWarm) {
                STANDBY.remove(key, process);
                kill(process);
                LIVE.remove(process);
                closeSandbox(process);
            }
        } catch (IOException e) {
            sandbox.close(); // the next check starts its own process, as without a standby
        }
    }

    /** Hands a waiting check process its job: the arguments, an empty line, then its environment. */
    private static Process assign(Process standby, ChildSpec spec, EventChannel channel, CheckSandbox sandbox) {
        StringBuilder job = new StringBuilder();
        args(spec, sandbox).forEach(arg -> job.append(arg).append('\n'));
        job.append('\n');
        environment(spec, channel).forEach((key, value) -> job.append(key).append('=').append(value).append('\n'));
        try (var in = standby.getOutputStream()) {
            in.write(job.toString().getBytes(StandardCharsets.UTF_8));
        } catch (IOException e) {
            throw new UncheckedIOException("could not hand the check to its process", e);
        }
        return standby;
    }

    /**
     * The only variables of lockdrill's own environment a check process inherits: what finds programs
     * (redis-server) and sets the language. Everything else (LOCKDRILL_JDBC_URL, PGPASSWORD, DOCKER_HOST,
     * a cloud token) stays with lockdrill: the learner's code holds no key it does not need.
     */
    static final List<String> INHERITED_ENV = List.of("PATH", "LANG", "LANGUAGE", "LC_ALL", "LC_CTYPE",
            "LC_MESSAGES", "TZ");
    private static final Path TEMP_ROOT = CheckSandbox.sharedTempRoot();

    /**
     * A process builder with only the inherited variables and the sandbox's mark; in a sandbox of its
     * own user, started in its home.
     */
    private static ProcessBuilder builder(List<String> command, CheckSandbox sandbox) {
        ProcessBuilder builder = new ProcessBuilder(command);
        Map<String, String> env = builder.environment();
        env.keySet().retainAll(INHERITED_ENV);
        env.put(CheckSandbox.MARK_ENV, sandbox.mark());
        if (sandbox.isolated()) {
            env.put("HOME", sandbox.home().toString());
            env.put("USER", "lockdrill-check");
            builder.directory(sandbox.home().toFile());
        }
        return builder;
    }

    private static void closeSandbox(Process process) {
        CheckSandbox sandbox = SANDBOXES.remove(process);
        if (sandbox != null) {
            sandbox.close();
        }
    }

    /**
     * What a check process is told in its environment: the run's own role's URL only (its password
     * inside), never the configured role's; the pooler's; where to send events.
     */
    static Map<String, String> environment(ChildSpec spec, EventChannel channel) {
        Map<String, String> env = new LinkedHashMap<>();
        env.put(ChildArgs.EVENTS_ENV, channel.address());
        if (spec.lanes() > 1) {
            env.put(ChildArgs.LANES_ENV, Integer.toString(spec.lanes()));
        }
        if (spec.explore() != null) {
            env.put(ChildArgs.EXPLORE_ENV, spec.explore());
        }
        if (spec.pooledUrl() != null) {
            env.put(ChildArgs.POOLED_URL_ENV, spec.pooledUrl());
        }
        if (spec.noPooler() != null) {
            env.put(ChildArgs.NO_POOLER_ENV, spec.noPooler());
        }
        String runRole = spec.ownerUrl() != null ? spec.ownerUrl() : spec.jdbcUrl();
        if (runRole != null) {
            env.put(ChildArgs.JDBC_URL_ENV, runRole);
        }
        return env;
    }

    /** A waiting process serves only checks of its label that need its JVM options: they are fixed at its start. */
    private static String standbyKey(ChildSpec spec) {
        return spec.label() + "\u0000" + String.join(" ", spec.jvmOptions());
    }

    private static List<String> command(List<String> archiveOptions, List<String> kataOptions, CheckSandbox sandbox) {
        List<String> command = new ArrayList<>(sandbox.commandPrefix());
        command.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
        command.addAll(JVM_OPTIONS);
        command.addAll(archiveOptions);
        command.addAll(kataOptions);
        if (sandbox.isolated()) {
            command.add("-Duser.home=" + sandbox.home());
        }
        // where the check's servers (redis nodes) make their folders: lockdrill's own temporary folder,
        // which its sweeps look at (the environment, JAVA_TOOL_OPTIONS included, is not passed on)
        command.add("-Djava.io.tmpdir=" + (sandbox.isolated() ? TEMP_ROOT : System.getProperty("java.io.tmpdir")));
        command.addAll(List.of("-cp", sandbox.classPath(System.getProperty("java.class.path")), ChildArgs.HARNESS_MAIN));
        return command;
    }

    /** The check's arguments, with the learner's classes (and extra class path) where the sandbox's user can read them. */
    private static List<String> args(ChildSpec spec, CheckSandbox sandbox) {
        List<Path> extra = new ArrayList<>();
        for (int i = 0; i < spec.extraClasspath().size(); i++) {
            extra.add(sandbox.stage(spec.extraClasspath().get(i), "extra-" + i));
        }
        return new ChildArgs(spec.workloadClass(), spec.implementationClass(), sandbox.stage(spec.classesDir(),
                "learner"), spec.seed(), spec.schema(), spec.tag(), extra).toArgs();
    }

    private static Process start(ChildSpec spec, EventChannel channel, List<String> archiveOptions,
                                 CheckSandbox sandbox) {
        List<String> command = command(archiveOptions, spec.jvmOptions(), sandbox);
        command.addAll(args(spec, sandbox));
        ProcessBuilder builder = builder(command, sandbox);
        builder.environment().putAll(environment(spec, channel));
        builder.redirectInput(ProcessBuilder.Redirect.PIPE).redirectErrorStream(true);
        try {
            Files.createDirectories(spec.logFile().getParent());
            Process process = builder.start();
            process.getOutputStream().close();
            return process;
        } catch (IOException e) {
            throw new UncheckedIOException("could not start the check process", e);
        }
    }

    /** Reads event lines from the check process's channel (its stdout and stderr go to the log). */
    private static void read(Process process, EventChannel channel, Consumer<Event> sink) {
        try (InputStream events = channel.await(process)) {
            if (events == null) {
                return;
            }
            BoundedLines in = new BoundedLines(new BufferedInputStream(events));
            String line;
            while ((line = in.next()) != null) {
                EventCodec.decode(line).ifPresent(sink);
            }
        } catch (IOException e) {
            // the process was killed; what was read so far is the history
        }
    }

    /** Waits for the process, noting every process it starts, so that none outlives the check. */
    private static boolean waitWatchingDescendants(Process process, long millis, Set<ProcessHandle> forked) {
        long deadline = System.nanoTime() + millis * 1_000_000;
        while (true) {
            process.descendants().forEach(forked::add);
            long left = (deadline - System.nanoTime()) / 1_000_000;
            if (left <= 0) {
                return !process.isAlive();
            }
            if (waitFor(process, Math.min(left, DESCENDANT_POLL_MILLIS))) {
                return true;
            }
        }
    }

    private static boolean waitFor(Process process, long millis) {
        try {
            return process.waitFor(millis, TimeUnit.MILLISECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return false;
        }
    }

    private static void kill(Process process) {
        process.descendants().forEach(ProcessHandle::destroyForcibly);
        process.destroyForcibly();
        waitFor(process, 5_000);
    }

    private static void join(Thread reader, long millis) {
        try {
            reader.join(millis);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    private static String timeoutMessage(ChildSpec spec, Event.Progress progress, List<Event.Invoke> pending) {
        StringBuilder message = new StringBuilder("your code did not finish within " + spec.timeout().toSeconds()
                + " s and was stopped");
        if (progress != null) {
            message.append(" during scenario '").append(progress.scenario()).append("'");
        }
        Optional<Event.Invoke> stuck = pending.stream().findFirst();
        stuck.ifPresent(op -> message.append("; ").append(op.worker()).append("'s ").append(op.f())
                .append(op.args()).append(" never returned"));
        message.append(". Look for an infinite loop, a deadlock, or a lock that is never released.");
        return message.toString();
    }

    private static String crashMessage(int exitCode, String output) {
        if (exitCode == 130) {
            return "the check was interrupted (Ctrl-C)";
        }
        if (output.contains("OutOfMemoryError")) {
            return "your code ran out of memory (the check process has a " + HEAP_MB
                    + " MB heap) and the process was terminated";
        }
        return "the check process died with exit code " + exitCode + " before finishing";
    }

    static String tail(Path log, int lines) {
        try {
            if (!Files.exists(log)) {
                return "";
            }
            List<String> all = new String(Files.readAllBytes(log), StandardCharsets.UTF_8).lines().toList();
            return String.join("\n", all.subList(Math.max(0, all.size() - lines), all.size()));
        } catch (IOException e) {
            return "";
        }
    }
}
