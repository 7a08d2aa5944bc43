package dev.lockdrill.runner;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Copies a check process's output to its log file, keeping the first {@link #HEAD} and the last
 * {@link #TAIL} bytes and saying how much it left out between them, so that code that prints
 * without end cannot fill the disk.
 */
final class CappedLog implements Runnable {
    static final int HEAD = 1 << 20;
    static final int TAIL = 1 << 20;

    private final InputStream in;
    private final Path file;

    CappedLog(InputStream in, Path file) {
        this.in = in;
        this.file = file;
    }

    static Thread start(InputStream in, Path file, String name) {
        Thread pump = new Thread(new CappedLog(in, file), name);
        pump.setDaemon(true);
        pump.start();
        return pump;
    }

    @Override
    public void run() {
        byte[] tail = new byte[TAIL];
        long tailed = 0;
        long written = 0;
        byte[] buffer = new byte[8192];
        try (OutputStream out = Files.newOutputStream(file)) {
            int n;
            while ((n = in.read(buffer)) > 0) {
                int head = (int) Math.min(n, Math.max(0, HEAD - written));
                out.write(buffer, 0, head);
                written += head;
                for (int i = head; i < n; i++) {
                    tail[(int) (tailed++ % TAIL)] = buffer[i];
                }
            }
            if (tailed > 0) {
                long skipped = Math.max(0, tailed - TAIL);
                if (skipped > 0) {
                    out.write(("\n… " + skipped + " bytes of output left out …\n").getBytes(StandardCharsets.UTF_8));
                }
                int kept = (int) Math.min(tailed, TAIL);
                int from = (int) ((tailed - kept) % TAIL);
                for (int i = 0; i < kept; i++) {
                    out.write(tail[(from + i) % TAIL]);
                }
            }
        } catch (IOException e) {
            // the process is gone; what was written is the log
        }
    }
}
