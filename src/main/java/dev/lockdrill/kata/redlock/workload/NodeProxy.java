package dev.lockdrill.kata.redlock.workload;

import java.io.BufferedInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

/**
 * A loopback TCP proxy between one client and one Redis node. It forwards bytes unchanged, records
 * each command and its reply in the traffic ledger, and applies the node's faults (delay, drop,
 * forced order). When the node restarts, it dials the new process on the next command, so the
 * client's connection survives a restart as a TCP connection through a router would.
 */
final class NodeProxy implements AutoCloseable {
    private final String worker;
    private final String node;
    private final int upstreamPort;
    private final NodeFaults faults;
    private final Traffic traffic;
    private final ServerSocket server;
    private final List<Connection> connections = new CopyOnWriteArrayList<>();
    private volatile boolean closed;

    NodeProxy(String worker, String node, int upstreamPort, NodeFaults faults, Traffic traffic) throws IOException {
        this.worker = worker;
        this.node = node;
        this.upstreamPort = upstreamPort;
        this.faults = faults;
        this.traffic = traffic;
        this.server = new ServerSocket();
        server.bind(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0));
        daemon("proxy-" + worker + "-" + node, this::accept);
    }

    int port() {
        return server.getLocalPort();
    }

    private void accept() {
        while (!closed) {
            try {
                Socket client = server.accept();
                client.setTcpNoDelay(true);
                Connection connection = new Connection(client);
                connections.add(connection);
                daemon("proxy-" + worker + "-" + node + "-in", connection::clientToNode);
            } catch (IOException e) {
                return;
            }
        }
    }

    @Override
    public void close() {
        closed = true;
        try {
            server.close();
        } catch (IOException ignored) {
            // closing a listening socket that is already closed
        }
        connections.forEach(Connection::close);
    }

    private static void daemon(String name, Runnable body) {
        Thread thread = new Thread(body, name);
        thread.setDaemon(true);
        thread.start();
    }

    private final class Connection {
        private final Socket client;
        private final Deque<Traffic.Command> pending = new ArrayDeque<>();
        private Socket upstream;

        Connection(Socket client) {
            this.client = client;
        }

        void clientToNode() {
            try {
                InputStream in = new BufferedInputStream(client.getInputStream());
                ByteArrayOutputStream raw = new ByteArrayOutputStream();
                while (true) {
                    raw.reset();
                    Resp.Value value = Resp.read(in, raw);
                    if (value == null) {
                        break;
                    }
                    List<String> words = words(value.parsed());
                    Traffic.Command command = traffic.sent(worker, node, words);
                    if (faults.unreachableFor(worker)) {
                        command.dropped();
                        faults.dropped.incrementAndGet();
                        continue;
                    }
                    NodeFaults.Between between = faults.between();
                    if (between != null && between.concerns(worker, words)) {
                        between.beforeForward();
                    }
                    NodeFaults.Race race = faults.race();
                    boolean racing = race != null && race.firstOnKey(worker, words);
                    if (racing) {
                        race.beforeForward(worker);
                    }
                    OutputStream out = upstream().getOutputStream();
                    synchronized (pending) {
                        pending.add(command);
                    }
                    out.write(raw.toByteArray());
                    out.flush();
                }
            } catch (IOException | InterruptedException e) {
                // the client went away or the proxy closed
            }
            close();
        }

        private synchronized Socket upstream() throws IOException {
            if (upstream == null || upstream.isClosed()) {
                Socket socket = new Socket(InetAddress.getLoopbackAddress(), upstreamPort);
                socket.setTcpNoDelay(true);
                upstream = socket;
                daemon("proxy-" + worker + "-" + node + "-out", () -> nodeToClient(socket));
            }
            return upstream;
        }

        private void nodeToClient(Socket socket) {
            try {
                InputStream in = new BufferedInputStream(socket.getInputStream());
                OutputStream out = client.getOutputStream();
                ByteArrayOutputStream raw = new ByteArrayOutputStream();
                while (true) {
                    raw.reset();
                    Resp.Value value = Resp.read(in, raw);
                    if (value == null) {
                        break;
                    }
                    Traffic.Command command = null;
                    if (!value.push()) {
                        synchronized (pending) {
                            command = pending.poll();
                        }
                    }
                    NodeFaults.Race race = faults.race();
                    if (command != null && race != null && command.words.contains(race.key)) {
                        race.answered(worker);
                    }
                    // Marked before the reply is forwarded: the client may send its next command the moment
                    // it has the reply, and that command must find the gap already open.
                    NodeFaults.Between between = faults.between();
                    if (command != null && between != null && between.concerns(worker, command.words)) {
                        between.answered();
                    }
                    long delay = faults.delayMillis();
                    if (delay > 0) {
                        faults.delayed.incrementAndGet();
                        Thread.sleep(delay);
                    }
                    long forwarded = traffic.now();
                    out.write(raw.toByteArray());
                    out.flush();
                    if (command != null) {
                        command.replied(Resp.render(value), forwarded);
                    }
                }
            } catch (IOException | InterruptedException e) {
                // the node died (a restart) or the proxy closed
            }
            boolean inFlight;
            synchronized (pending) {
                inFlight = !pending.isEmpty();
                pending.clear();
            }
            try {
                socket.close();
            } catch (IOException ignored) {
                // already closed
            }
            if (inFlight || closed) {
                close();
            }
        }

        void close() {
            try {
                client.close();
            } catch (IOException ignored) {
                // already closed
            }
            synchronized (this) {
                if (upstream != null) {
                    try {
                        upstream.close();
                    } catch (IOException ignored) {
                        // already closed
                    }
                }
            }
        }
    }

    private static List<String> words(Object parsed) {
        List<String> words = new ArrayList<>();
        if (parsed instanceof List<?> list) {
            for (Object item : list) {
                String word = String.valueOf(item);
                words.add(word.length() > 64 ? word.substring(0, 64) + "…" : word);
            }
        } else {
            words.add(String.valueOf(parsed));
        }
        if (!words.isEmpty()) {
            words.set(0, words.get(0).toUpperCase(java.util.Locale.ROOT));
        }
        return words;
    }
}
