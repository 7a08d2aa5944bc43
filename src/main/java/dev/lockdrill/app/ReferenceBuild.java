package dev.lockdrill.app;

import dev.lockdrill.compile.CompileResult;
import dev.lockdrill.compile.KataCompiler;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.List;
import java.util.stream.Stream;

/**
 * Compiles a reference solution once per content: the classes are kept under
 * {@code .lockdrill/cache/} keyed by a hash of the sources and the classpath.
 */
final class ReferenceBuild {
    private ReferenceBuild() {
    }

    static CompileResult compile(KataCompiler compiler, Path sourceDir, Path cacheRoot, List<Path> classpath) {
        Path dir = cacheRoot.resolve(sourceDir.getFileName() + "-" + hash(sourceDir, classpath));
        Path marker = dir.resolve(".complete");
        if (Files.exists(marker)) {
            return new CompileResult(dir, List.of(), 0);
        }
        CompileResult result = compiler.compile(sourceDir, dir, classpath);
        if (result.ok()) {
            try {
                Files.writeString(marker, "ok");
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }
        return result;
    }

    private static String hash(Path sourceDir, List<Path> classpath) {
        try (Stream<Path> files = Files.walk(sourceDir)) {
            MessageDigest digest = MessageDigest.getInstance("SHA-256");
            for (Path file : files.filter(p -> p.toString().endsWith(".java")).sorted().toList()) {
                digest.update(sourceDir.relativize(file).toString().getBytes(StandardCharsets.UTF_8));
                digest.update(Files.readAllBytes(file));
            }
            for (Path entry : classpath) {
                digest.update(entry.toString().getBytes(StandardCharsets.UTF_8));
                if (Files.isRegularFile(entry)) {
                    digest.update(Long.toString(Files.getLastModifiedTime(entry).toMillis()).getBytes(
                            StandardCharsets.UTF_8));
                }
            }
            return HexFormat.of().formatHex(digest.digest()).substring(0, 16);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }
}
