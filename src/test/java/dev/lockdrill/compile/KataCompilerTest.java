package dev.lockdrill.compile;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

class KataCompilerTest {
    @TempDir
    Path dir;

    @Test
    void aSymlinkedFolderIsCompiledAsTheFolderItPointsAt() throws Exception {
        Path real = Files.createDirectories(dir.resolve("real"));
        Files.writeString(real.resolve("Solved.java"), "public class Solved {}");
        Path link = Files.createSymbolicLink(dir.resolve("link"), real);

        CompileResult result = new KataCompiler().compile(link, dir.resolve("out"), List.of());

        assertThat(result.errors()).isEmpty();
        assertThat(dir.resolve("out/Solved.class")).isRegularFile();
    }

    /**
     * One compiler compiles again and again in the REPL and keeps javac's file manager between
     * compiles: what it compiles against must still be what is on the class path now, a folder's
     * classes or a jar rebuilt in place, and a source changed between two compiles.
     */
    @Test
    void aKeptCompilerSeesTheClassPathAndTheSourcesAsTheyAreNow() throws Exception {
        KataCompiler compiler = new KataCompiler();
        Path lib = Files.createDirectories(dir.resolve("lib-src"));
        Path libClasses = dir.resolve("lib-classes");
        Files.writeString(lib.resolve("Lib.java"), "public class Lib { public static int one() { return 1; } }");
        assertThat(compiler.compile(lib, libClasses, List.of()).errors()).isEmpty();
        Path jar = dir.resolve("lib.jar");
        jar(libClasses, jar);

        Path kata = Files.createDirectories(dir.resolve("kata"));
        Files.writeString(kata.resolve("Use.java"), "public class Use { int x = Lib.one(); }");
        assertThat(compiler.compile(kata, dir.resolve("out1"), List.of(libClasses)).errors()).isEmpty();
        assertThat(compiler.compile(kata, dir.resolve("out2"), List.of(jar)).errors()).isEmpty();

        Files.writeString(lib.resolve("Lib.java"), "public class Lib { public static int one() { return 1; } "
                + "public static int two() { return 2; } }");
        assertThat(compiler.compile(lib, libClasses, List.of()).errors()).isEmpty();
        jar(libClasses, jar);
        Files.writeString(kata.resolve("Use.java"), "public class Use { int x = Lib.two(); }");
        assertThat(compiler.compile(kata, dir.resolve("out3"), List.of(libClasses)).errors()).isEmpty();
        assertThat(compiler.compile(kata, dir.resolve("out4"), List.of(jar)).errors()).isEmpty();

        Files.writeString(kata.resolve("Use.java"), "public class Use { int x = Lib.three(); }");
        assertThat(compiler.compile(kata, dir.resolve("out5"), List.of(jar)).errors())
                .singleElement().satisfies(e -> assertThat(e.message()).contains("three"));
    }

    private static int rebuilds;

    private static void jar(Path classes, Path jar) throws Exception {
        Path tmp = jar.resolveSibling(jar.getFileName() + ".tmp");
        try (var out = new java.util.jar.JarOutputStream(Files.newOutputStream(tmp))) {
            out.putNextEntry(new java.util.jar.JarEntry("Lib.class"));
            out.write(Files.readAllBytes(classes.resolve("Lib.class")));
            out.closeEntry();
        }
        Files.move(tmp, jar, java.nio.file.StandardCopyOption.REPLACE_EXISTING);
        // a rebuilt jar is as big as the old one when only a method's body changed: its time tells them apart
        Files.setLastModifiedTime(jar, java.nio.file.attribute.FileTime.fromMillis(System.currentTimeMillis()
                + 1_000L * ++rebuilds));
    }
}
