package dev.lockdrill.compile;

import dev.lockdrill.support.ExitCodes;
import dev.lockdrill.support.LockdrillException;
import dev.lockdrill.support.Text;

import javax.tools.Diagnostic;
import javax.tools.DiagnosticCollector;
import javax.tools.JavaCompiler;
import javax.tools.JavaFileObject;
import javax.tools.StandardJavaFileManager;
import javax.tools.ToolProvider;
import java.io.File;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.FileVisitOption;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.stream.Stream;

/**
 * Compiles a kata folder in-process with javax.tools. One instance keeps the compiler warm, so
 * inside the REPL the second compile is several times faster than the first.
 */
public final class KataCompiler {
    private final JavaCompiler compiler;
    /**
     * The file manager kept from one compile to the next, with the class path it was made for (each
     * entry's path, size and time): javac's index of the JDK's classes and of the class path's jars
     * is built once, which takes a warm compile of a kata from about 100 ms to about 45. A class path
     * that changed (an extra jar rebuilt) gets a new one; a compile that finds it in use by another
     * makes its own, as every compile did before.
     */
    private final Object kept = new Object();
    private StandardJavaFileManager keptManager;
    private String keptFor;
    private boolean keptInUse;

    public KataCompiler() {
        this.compiler = ToolProvider.getSystemJavaCompiler();
        if (compiler == null) {
            throw new LockdrillException("No Java compiler is available: lockdrill needs a JDK 17+, not a JRE. "
                    + "Set JAVA_HOME to a JDK and try again.", ExitCodes.USAGE);
        }
    }

    /**
     * Compiles every .java file under {@code sourceDir} into {@code outputDir}.
     *
     * @param classpath the lockdrill API and any extra jars the kata may use
     */
    public CompileResult compile(Path sourceDir, Path outputDir, List<Path> classpath) {
        long start = System.nanoTime();
        List<File> sources = sources(sourceDir);
        if (sources.isEmpty()) {
            return new CompileResult(outputDir, List.of(new CompileDiagnostic(sourceDir.toString(), 0,
                    "no .java files found")), 0);
        }
        try {
            Files.createDirectories(outputDir);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        DiagnosticCollector<JavaFileObject> diagnostics = new DiagnosticCollector<>();
        StandardJavaFileManager files = takeKept(classpath);
        boolean own = files == null;
        if (own) {
            files = compiler.getStandardFileManager(diagnostics, Locale.ROOT, StandardCharsets.UTF_8);
        }
        try {
            List<String> options = List.of("-d", outputDir.toString(), "-proc:none", "-g", "-nowarn",
                    "-encoding", "UTF-8", "-classpath", String.join(File.pathSeparator,
                            classpath.stream().map(Path::toString).toList()));
            compiler.getTask(null, files, diagnostics, options, null, files.getJavaFileObjectsFromFiles(sources))
                    .call();
        } finally {
            if (own) {
                close(files);
            } else {
                giveBack();
            }
        }
        List<CompileDiagnostic> errors = new ArrayList<>();
        for (Diagnostic<? extends JavaFileObject> d : diagnostics.getDiagnostics()) {
            if (d.getKind() == Diagnostic.Kind.ERROR) {
                String file = d.getSource() == null ? "?" : relative(sourceDir, d.getSource().getName());
                errors.add(new CompileDiagnostic(file, d.getLineNumber(), d.getMessage(Locale.ROOT),
                        d.getColumnNumber(), sourceLine(d)));
            }
        }
        return new CompileResult(outputDir, errors, (System.nanoTime() - start) / 1_000_000);
    }

    /** The kept file manager, made anew for a changed class path, or null when another compile uses it. */
    private StandardJavaFileManager takeKept(List<Path> classpath) {
        String signature = signature(classpath);
        synchronized (kept) {
            if (keptInUse) {
                return null;
            }
            if (keptManager == null || !signature.equals(keptFor)) {
                if (keptManager != null) {
                    close(keptManager);
                }
                keptManager = compiler.getStandardFileManager(null, Locale.ROOT, StandardCharsets.UTF_8);
                keptFor = signature;
            }
            keptInUse = true;
            return keptManager;
        }
    }

    private void giveBack() {
        synchronized (kept) {
            keptInUse = false;
        }
    }

    /** Each class path entry's path, size and time: what decides whether javac's index of it still holds. */
    private static String signature(List<Path> classpath) {
        StringBuilder signature = new StringBuilder();
        for (Path entry : classpath) {
            signature.append(entry.toAbsolutePath()).append('|');
            try {
                signature.append(Files.size(entry)).append('|').append(Files.getLastModifiedTime(entry).toMillis());
            } catch (IOException e) {
                signature.append("absent");
            }
            signature.append(File.pathSeparatorChar);
        }
        return signature.toString();
    }

    private static void close(StandardJavaFileManager files) {
        try {
            files.close();
        } catch (IOException e) {
            // nothing of it is needed any more
        }
    }

    /** The line of source a diagnostic points at, or "" when it points at none. */
    private static String sourceLine(Diagnostic<? extends JavaFileObject> d) {
        if (d.getSource() == null || d.getLineNumber() <= 0) {
            return "";
        }
        try {
            return d.getSource().getCharContent(true).toString().lines().skip(d.getLineNumber() - 1).findFirst()
                    .orElse("");
        } catch (IOException e) {
            return "";
        }
    }

    /**
     * The .java files a check of {@code dir} would compile, or a sentence saying why the folder
     * cannot be read (a link that loops back, a folder that may not be read), so that a folder
     * with nothing to compile is refused before a run is started.
     */
    public static List<File> sourcesOrExplain(Path dir) {
        try {
            return sources(dir);
        } catch (UncheckedIOException e) {
            IOException cause = e.getCause();
            String why = cause instanceof java.nio.file.FileSystemLoopException loop
                    ? "a link in it leads back to " + Text.literal(String.valueOf(loop.getFile()))
                    : cause instanceof java.nio.file.AccessDeniedException denied
                    ? "it may not be read (" + Text.literal(String.valueOf(denied.getFile())) + ")"
                    : Text.literal(cause.getClass().getSimpleName() + ": " + cause.getMessage());
            throw LockdrillException.usage("Cannot look for .java files in " + Text.literal(dir.toString()) + ": "
                    + why + ".");
        }
    }

    private static List<File> sources(Path dir) {
        if (!Files.isDirectory(dir)) {
            return List.of();
        }
        // Links are followed: a --from folder is often a symlink, and walking one without
        // FOLLOW_LINKS yields the link alone.
        try (Stream<Path> walk = Files.walk(dir, FileVisitOption.FOLLOW_LINKS)) {
            return walk.filter(p -> p.toString().endsWith(".java")).sorted().map(Path::toFile).toList();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static String relative(Path base, String file) {
        Path path = Path.of(file);
        Path cwd = Path.of("").toAbsolutePath();
        return path.isAbsolute() && path.startsWith(cwd) ? cwd.relativize(path).toString()
                : path.startsWith(base) ? path.toString() : file;
    }
}
