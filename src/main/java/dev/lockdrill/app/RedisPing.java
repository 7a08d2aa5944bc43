package dev.lockdrill.app;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.time.Duration;

/**
 * Asks a Redis server whether it is there with a plain-socket PING (the inline form of the Redis
 * protocol), so doctor needs no Redis client library. Answers the server's first reply line.
 */
final class RedisPing {
    private final String host;
    private final int port;
    private final Duration timeout;

    RedisPing(String host, int port, Duration timeout) {
        this.host = host;
        this.port = port;
        this.timeout = timeout;
    }

    String address() {
        return host + ":" + port;
    }

    /** The reply to PING ("+PONG" from an open server, "-NOAUTH …" from one that wants a password). */
    String ping() throws IOException {
        try (Socket socket = new Socket()) {
            socket.connect(new InetSocketAddress(host, port), (int) timeout.toMillis());
            socket.setSoTimeout((int) timeout.toMillis());
            OutputStream out = socket.getOutputStream();
            out.write("PING\r\n".getBytes(StandardCharsets.US_ASCII));
            out.flush();
            String reply = new BufferedReader(new InputStreamReader(socket.getInputStream(),
                    StandardCharsets.UTF_8)).readLine();
            if (reply == null) {
                throw new IOException("the server closed the connection without answering");
            }
            return reply;
        }
    }
}
