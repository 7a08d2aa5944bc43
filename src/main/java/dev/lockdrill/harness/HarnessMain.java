package dev.lockdrill.harness;

import dev.lockdrill.history.Event;
import dev.lockdrill.harness.explore.Explorable;
import dev.lockdrill.support.ChildArgs;
import dev.lockdrill.support.ScheduleId;
import dev.lockdrill.support.Text;

import java.io.BufferedOutputStream;
import java.io.FileDescriptor;
import java.io.FileOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.PrintStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.MalformedURLException;
import java.net.Socket;
import java.net.URL;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * Entry point of the check process (a child JVM). Loads the learner's classes in a fresh class
 * loader, runs the kata's workload and streams events to the parent's event channel (a loopback
 * socket named in {@link ChildArgs#EVENTS_ENV}). Whatever the learner's code prints, to
 * {@code System.out} or straight to file descriptor 1, is output the parent keeps in a log file.
 *
 * <p>Arguments: see {@link ChildArgs}; the JDBC URL comes from the environment so it never shows in a
 * process list.
 */
public final class HarnessMain {
    private static final AtomicBoolean DONE = new AtomicBoolean();
    static final long PARENT_POLL_MILLIS = 250;
    static final int ORPHANED_EXIT = 3;
    /** As the parent's end of the channel: small, so the events never run far ahead of its reading. */
    static final int CHANNEL_BUFFER_BYTES = 1 << 16;

    private HarnessMain() {
    }

    public static void main(String[] args) {
        watchParent();
        if (args.length > 0 && args[0].equals(ChildArgs.STANDBY)) {
            warmUp(args.length > 1 ? args[1] : "", args.length > 2 && args[2].equals(ChildArgs.STANDBY_POSTGRES));
            Job job = Job.read(System.in);
            run(job.args(), job.env());
        } else {
            run(args, System.getenv());
        }
    }

    /** What a check process started ahead of its check is told to do, on its standard input. */
    record Job(String[] args, Map<String, String> env) {
        /** The arguments, one per line, then an empty line, then the environment's KEY=VALUE lines, to the end. */
        static Job read(InputStream in) {
            List<String> lines;
            try {
                lines = new String(in.readAllBytes(), StandardCharsets.UTF_8).lines().toList();
            } catch (IOException e) {
                lines = List.of();
            }
            if (lines.isEmpty()) {
                // the parent went without using this process
                Runtime.getRuntime().halt(ORPHANED_EXIT);
            }
            int blank = lines.indexOf("");
            List<String> args = blank < 0 ? lines : lines.subList(0, blank);
            Map<String, String> env = new HashMap<>(System.getenv());
            if (blank >= 0) {
                for (String line : lines.subList(blank + 1, lines.size())) {
                    int eq = line.indexOf('=');
                    if (eq > 0) {
                        env.put(line.substring(0, eq), line.substring(eq + 1));
                    }
                }
            }
            return new Job(args.toArray(String[]::new), env);
        }
    }

    /**
     * Loads and runs once what every check needs before its job is known (the event codec, the
     * JDBC driver, the kata's workload, its scenarios and its records), so the check itself starts warm.
     */
    static void warmUp(String workloadClass, boolean postgres) {
        WarmUp.run(workloadClass, postgres);
    }

    private static void run(String[] args, Map<String, String> env) {
        PrintStream protocol = channel(env);
        EventSink sink = new EventSink(protocol);
        Runtime.getRuntime().addShutdownHook(new Thread(() -> {
            reportUnexpectedExit(sink);
            endDescendants();
        }));
        ChildArgs childArgs = ChildArgs.parse(args);
        try {
            URL[] urls = learnerClasspath(childArgs);
            Workload workload = (Workload) Class.forName(childArgs.workloadClass()).getDeclaredConstructor()
                    .newInstance();
            String url = env.get(ChildArgs.JDBC_URL_ENV);
            int lanes = lanes(env.get(ChildArgs.LANES_ENV));
            Database database = url == null || url.isBlank() ? null
                    : new Database(url, null, childArgs.schema(), childArgs.tag(),
                    env.get(ChildArgs.POOLED_URL_ENV), env.get(ChildArgs.NO_POOLER_ENV));
            try (Implementation implementation = new Implementation(urls, childArgs.implementationClass(),
                    HarnessMain.class.getClassLoader())) {
                WorkloadContext context = new WorkloadContext(childArgs.seed(), new Recorder(sink), implementation,
                        database, lanes);
                String explore = env.get(ChildArgs.EXPLORE_ENV);
                if (explore == null || explore.isBlank()) {
                    workload.run(context);
                } else if (workload instanceof Explorable explorable) {
                    explorable.explore(context, ScheduleId.split(explore));
                } else {
                    throw new HarnessException("this kata has no explorer");
                }
            }
        } catch (HarnessException e) {
            sink.emit(new Event.Error(Text.capped(e.getMessage(), Failures.MAX_MESSAGE), detail(e.getCause())));
        } catch (Throwable e) {
            sink.emit(new Event.Error("the check stopped: " + Failures.describe(e), detail(e)));
        }
        DONE.set(true);
        endDescendants();
        sink.emit(new Event.Done());
        protocol.flush();
        Runtime.getRuntime().halt(0);
    }

    /** The parent's event channel, connected and past its token; the process ends if there is none. */
    private static PrintStream channel(Map<String, String> env) {
        try {
            return connect(env.get(ChildArgs.EVENTS_ENV));
        } catch (IOException | NumberFormatException e) {
            new PrintStream(new FileOutputStream(FileDescriptor.err), true, StandardCharsets.UTF_8)
                    .println("the check process could not reach its parent's event channel: " + e.getMessage());
            Runtime.getRuntime().halt(ORPHANED_EXIT);
            throw new IllegalStateException(e);
        }
    }

    /**
     * Connects to "PORT TOKEN" and sends the token at once (the parent waits only a few seconds for
     * it, and a workload may take longer than that to emit its first event).
     */
    static PrintStream connect(String address) throws IOException {
        String[] parts = address == null ? new String[0] : address.trim().split(" ");
        if (parts.length != 2) {
            throw new IOException(ChildArgs.EVENTS_ENV + " is not set to \"PORT TOKEN\"");
        }
        Socket socket = new Socket();
        socket.setSendBufferSize(CHANNEL_BUFFER_BYTES);
        socket.setTcpNoDelay(true);
        socket.connect(new InetSocketAddress(InetAddress.getLoopbackAddress(), Integer.parseInt(parts[0])));
        OutputStream out = new BufferedOutputStream(socket.getOutputStream(), 1 << 16);
        out.write((parts[1] + "\n").getBytes(StandardCharsets.US_ASCII));
        out.flush();
        return new PrintStream(out, false, StandardCharsets.UTF_8);
    }

    static int lanes(String value) {
        try {
            return value == null || value.isBlank() ? 1 : Math.max(1, Integer.parseInt(value.trim()));
        } catch (NumberFormatException e) {
            return 1;
        }
    }

    /** Processes the learner's code started end with the check. */
    private static void endDescendants() {
        ProcessHandle.current().descendants().forEach(ProcessHandle::destroyForcibly);
    }

    /** A check process whose parent died (kill -9, a closed terminal) stops at once instead of running on. */
    private static void watchParent() {
        ProcessHandle parent = ProcessHandle.current().parent().orElse(null);
        if (parent == null) {
            return;
        }
        Thread watchdog = new Thread(() -> {
            while (parent.isAlive()) {
                try {
                    Thread.sleep(PARENT_POLL_MILLIS);
                } catch (InterruptedException e) {
                    return;
                }
            }
            endDescendants();
            Runtime.getRuntime().halt(ORPHANED_EXIT);
        }, "lockdrill-parent-watchdog");
        watchdog.setDaemon(true);
        watchdog.start();
    }

    private static URL[] learnerClasspath(ChildArgs args) throws MalformedURLException {
        List<URL> urls = new ArrayList<>();
        urls.add(args.classesDir().toUri().toURL());
        for (Path entry : args.extraClasspath()) {
            urls.add(entry.toUri().toURL());
        }
        return urls.toArray(URL[]::new);
    }

    /** The process is exiting before the workload finished: find who called System.exit. */
    private static void reportUnexpectedExit(EventSink sink) {
        if (DONE.get()) {
            return;
        }
        for (Map.Entry<Thread, StackTraceElement[]> entry : Thread.getAllStackTraces().entrySet()) {
            StackTraceElement[] stack = entry.getValue();
            if (Arrays.stream(stack).anyMatch(f -> f.getClassName().startsWith("jdk.internal.misc.Signal"))) {
                sink.emit(new Event.Interrupted("the check process received a signal (" + entry.getKey().getName()
                        + ")"));
                return;
            }
            boolean exiting = Arrays.stream(stack).anyMatch(f -> f.getClassName().equals("java.lang.Shutdown")
                    && f.getMethodName().equals("exit"));
            if (exiting) {
                String caller = Arrays.stream(stack)
                        .filter(f -> !f.getClassName().startsWith("java."))
                        .findFirst().map(StackTraceElement::toString).orElse("unknown code");
                sink.emit(new Event.Error("your code called System.exit at " + caller
                        + "; a library must never end the process it runs in", ""));
                return;
            }
        }
    }

    private static String detail(Throwable e) {
        if (e == null) {
            return "";
        }
        StringBuilder out = new StringBuilder(Failures.describe(e));
        for (StackTraceElement frame : e.getStackTrace()) {
            out.append("\n\tat ").append(frame);
        }
        return out.toString();
    }
}
