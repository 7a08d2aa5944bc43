package dev.lockdrill.runner;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.net.SocketTimeoutException;
import java.nio.charset.StandardCharsets;
import java.security.SecureRandom;
import java.util.HexFormat;

/**
 * The check process's event channel: a loopback socket of its own, apart from its stdout and
 * stderr, so whatever the learner's code writes (to {@code System.out} or straight to file
 * descriptor 1) is only output, never mistaken for or mixed into events. The check process
 * connects to the port and sends the token first; a connection without it is dropped. Both ends
 * keep small socket buffers ({@link #BUFFER_BYTES}), as a pipe's: a check process that writes
 * faster than the parent reads waits, instead of ending with megabytes of events still unread.
 */
final class EventChannel implements AutoCloseable {
    static final int ACCEPT_POLL_MILLIS = 100;
    static final int TOKEN_READ_MILLIS = 5_000;
    static final int BUFFER_BYTES = 1 << 16;
    private static final SecureRandom RANDOM = new SecureRandom();
    private final ServerSocket server;
    private final String token;
    private Socket accepted;

    private EventChannel(ServerSocket server, String token) {
        this.server = server;
        this.token = token;
    }

    static EventChannel open() {
        byte[] secret = new byte[16];
        RANDOM.nextBytes(secret);
        try {
            ServerSocket server = new ServerSocket();
            server.setReceiveBufferSize(BUFFER_BYTES);
            server.bind(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 4);
            return new EventChannel(server, HexFormat.of().formatHex(secret));
        } catch (IOException e) {
            throw new UncheckedIOException("could not open the check process's event channel", e);
        }
    }

    /** What the check process is told, in {@code ChildArgs.EVENTS_ENV}: "PORT TOKEN". */
    String address() {
        return server.getLocalPort() + " " + token;
    }

    /**
     * The events, once the check process has connected and sent the token; null when it ended
     * without doing so (it never started, or died first).
     */
    InputStream await(Process process) throws IOException {
        server.setSoTimeout(ACCEPT_POLL_MILLIS);
        boolean lastTry = false;
        while (true) {
            Socket socket;
            try {
                socket = server.accept();
            } catch (SocketTimeoutException none) {
                if (lastTry) {
                    return null;
                }
                lastTry = !process.isAlive();
                continue;
            }
            socket.setSoTimeout(TOKEN_READ_MILLIS);
            if (presentsToken(socket.getInputStream())) {
                socket.setSoTimeout(0);
                synchronized (this) {
                    accepted = socket;
                }
                return socket.getInputStream();
            }
            socket.close();
        }
    }

    private boolean presentsToken(InputStream in) {
        byte[] line = new byte[token.length() + 1];
        try {
            int n = 0;
            while (n < line.length) {
                int read = in.read(line, n, line.length - n);
                if (read < 0) {
                    return false;
                }
                n += read;
            }
        } catch (IOException e) {
            return false;
        }
        return new String(line, StandardCharsets.US_ASCII).equals(token + "\n");
    }

    @Override
    public synchronized void close() {
        try {
            server.close();
            if (accepted != null) {
                accepted.close();
            }
        } catch (IOException ignored) {
            // closing what is already gone
        }
    }
}
