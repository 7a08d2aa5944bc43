package dev.lockdrill.cli;

import dev.lockdrill.catalog.Workbook;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Iterator;
import java.util.List;
import java.util.stream.Stream;

/**
 * Kata ids for tab completion (empty when no workbook is found). Lists folders with a kata.yaml
 * without parsing them: picocli asks for these on every start, so this must stay cheap.
 */
public final class KataIds implements Iterable<String> {
    @Override
    public Iterator<String> iterator() {
        try (Stream<Path> dirs = Files.list(Workbook.locate().katas())) {
            return dirs.filter(d -> Files.isRegularFile(d.resolve("kata.yaml")))
                    .map(d -> d.getFileName().toString()).sorted().toList().iterator();
        } catch (IOException | RuntimeException e) {
            return List.<String>of().iterator();
        }
    }
}
