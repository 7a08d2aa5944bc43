package dev.lockdrill.runner;

import org.junit.jupiter.api.Test;

import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

import static org.assertj.core.api.Assertions.assertThat;

/** The event channel takes the connection that brings its token, and gives up once the process is gone. */
class EventChannelTest {
    @Test
    void aConnectionWithoutTheTokenIsDroppedAndTheOneWithItIsRead() throws Exception {
        Process process = new ProcessBuilder("sleep", "10").start();
        try (EventChannel channel = EventChannel.open()) {
            String[] address = channel.address().split(" ");
            int port = Integer.parseInt(address[0]);
            CompletableFuture<InputStream> events = CompletableFuture.supplyAsync(() -> {
                try {
                    return channel.await(process);
                } catch (Exception e) {
                    throw new IllegalStateException(e);
                }
            });
            try (Socket stranger = new Socket(InetAddress.getLoopbackAddress(), port);
                 Socket child = new Socket(InetAddress.getLoopbackAddress(), port)) {
                OutputStream s = stranger.getOutputStream();
                s.write(("0".repeat(address[1].length()) + "\n{\"type\":\"done\"}\n").getBytes(StandardCharsets.UTF_8));
                s.flush();
                OutputStream c = child.getOutputStream();
                c.write((address[1] + "\nfrom the child\n").getBytes(StandardCharsets.UTF_8));
                c.flush();

                InputStream in = events.get(10, TimeUnit.SECONDS);
                assertThat(new BoundedLines(in).next()).isEqualTo("from the child");
            }
        } finally {
            process.destroyForcibly();
        }
    }

    @Test
    void aProcessThatEndsWithoutConnectingGivesNoEvents() throws Exception {
        Process process = new ProcessBuilder("true").start();
        process.waitFor(10, TimeUnit.SECONDS);
        try (EventChannel channel = EventChannel.open()) {
            assertThat(channel.await(process)).isNull();
        }
    }
}
