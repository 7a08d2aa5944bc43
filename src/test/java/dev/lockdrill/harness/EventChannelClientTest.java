package dev.lockdrill.harness;

import org.junit.jupiter.api.Test;

import java.io.InputStream;
import java.io.PrintStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.charset.StandardCharsets;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The check process presents its token as soon as it connects, not with its first event: a
 * workload that starts slowly (five redis-server nodes on a busy machine) must not be taken for a
 * stranger and have its events dropped.
 */
class EventChannelClientTest {
    @Test
    void theTokenArrivesBeforeAnyEventIsWritten() throws Exception {
        try (ServerSocket server = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            PrintStream events = HarnessMain.connect(server.getLocalPort() + " cafe01");
            try (Socket parent = server.accept()) {
                parent.setSoTimeout(2_000);
                InputStream in = parent.getInputStream();
                byte[] token = in.readNBytes("cafe01\n".length());

                assertThat(new String(token, StandardCharsets.US_ASCII)).isEqualTo("cafe01\n");
            } finally {
                events.close();
            }
        }
    }
}
