package dev.lockdrill.app;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.ClosedWatchServiceException;
import java.nio.file.FileSystems;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardWatchEventKinds;
import java.nio.file.WatchEvent;
import java.nio.file.WatchKey;
import java.nio.file.WatchService;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

/**
 * Watches a folder tree (java.nio WatchService; new subfolders are watched too) and calls back once
 * a burst of saves has gone quiet for the given time, so an editor's save (often several writes,
 * a rename and a temp file) triggers one re-check. Hidden files and editor temporaries are ignored.
 */
final class FileChangeWatcher implements AutoCloseable {
    private static final List<String> IGNORED_SUFFIXES = List.of("~", ".swp", ".swx", ".tmp", ".class");
    private final long quietNanos;
    private final Runnable onChange;
    private final WatchService service;
    private final Map<WatchKey, Path> dirs = new HashMap<>();
    private final Thread thread;

    FileChangeWatcher(Path root, Duration quiet, Runnable onChange) {
        this.quietNanos = quiet.toNanos();
        this.onChange = onChange;
        try {
            this.service = FileSystems.getDefault().newWatchService();
            registerTree(root);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot watch " + root + " (try --manual)", e);
        }
        this.thread = new Thread(this::loop, "lockdrill-watch-files");
        thread.setDaemon(true);
        thread.start();
    }

    private void loop() {
        long due = -1;
        try {
            while (true) {
                WatchKey key = due < 0 ? service.take()
                        : service.poll(Math.max(0, due - System.nanoTime()), TimeUnit.NANOSECONDS);
                if (key == null) {
                    due = -1;
                    onChange.run();
                    continue;
                }
                if (changed(key)) {
                    due = System.nanoTime() + quietNanos;
                }
                if (!key.reset()) {
                    dirs.remove(key);
                }
            }
        } catch (InterruptedException | ClosedWatchServiceException e) {
            Thread.currentThread().interrupt();
        }
    }

    private boolean changed(WatchKey key) {
        Path dir = dirs.get(key);
        boolean relevant = false;
        for (WatchEvent<?> event : key.pollEvents()) {
            if (event.kind() == StandardWatchEventKinds.OVERFLOW || dir == null) {
                relevant = true;
                continue;
            }
            Path path = dir.resolve((Path) event.context());
            if (event.kind() == StandardWatchEventKinds.ENTRY_CREATE && Files.isDirectory(path)) {
                try {
                    registerTree(path);
                } catch (IOException e) {
                    relevant = true;
                }
            }
            relevant |= relevant(path);
        }
        return relevant;
    }

    static boolean relevant(Path path) {
        String name = path.getFileName().toString();
        return !name.startsWith(".") && !name.equals("4913") && IGNORED_SUFFIXES.stream().noneMatch(name::endsWith);
    }

    private void registerTree(Path top) throws IOException {
        try (Stream<Path> walk = Files.walk(top)) {
            for (Path dir : walk.filter(Files::isDirectory).toList()) {
                dirs.put(dir.register(service, StandardWatchEventKinds.ENTRY_CREATE,
                        StandardWatchEventKinds.ENTRY_MODIFY, StandardWatchEventKinds.ENTRY_DELETE), dir);
            }
        }
    }

    @Override
    public void close() {
        thread.interrupt();
        try {
            service.close();
        } catch (IOException ignored) {
            // nothing is watched any more either way
        }
    }
}
