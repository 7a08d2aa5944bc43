package dev.lockdrill.kata.redlock.workload;

import dev.lockdrill.harness.Recorder;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** Every command a client sent through its proxies, when, and the node's reply (the per-node ledger). */
final class Traffic {
    private final Recorder recorder;
    private final List<Command> commands = new ArrayList<>();

    Traffic(Recorder recorder) {
        this.recorder = recorder;
    }

    long now() {
        return recorder.now();
    }

    synchronized Command sent(String worker, String node, List<String> words) {
        Command command = new Command(worker, node, words, now());
        commands.add(command);
        return command;
    }

    /** How many nodes answered OK (or 1, from a script) to a command of the worker's on the key since then. */
    synchronized int nodesGranting(String worker, String key, long sinceNanos) {
        return (int) commands.stream().filter(c -> c.worker.equals(worker) && c.sentNanos >= sinceNanos
                        && c.words.contains(key) && c.replyNanos >= 0 && (c.reply.equals("OK") || c.reply.equals("1")))
                .map(c -> c.node).distinct().count();
    }

    /** The words of the worker's commands on the key at the node since then, in the order sent. */
    synchronized List<List<String>> commands(String worker, String node, String key, long sinceNanos) {
        return commands.stream().filter(c -> c.worker.equals(worker) && c.node.equals(node) && c.sentNanos >= sinceNanos
                && c.words.contains(key)).map(c -> c.words).toList();
    }

    synchronized List<Map<String, Object>> rows() {
        List<Map<String, Object>> rows = new ArrayList<>();
        for (Command c : commands) {
            Map<String, Object> row = new LinkedHashMap<>();
            row.put("worker", c.worker);
            row.put("node", c.node);
            row.put("words", c.words);
            row.put("sentNanos", c.sentNanos);
            row.put("replyNanos", c.replyNanos);
            row.put("reply", c.reply);
            row.put("dropped", c.dropped);
            rows.add(row);
        }
        return rows;
    }

    /** One command and (once it came) its reply. */
    final class Command {
        final String worker;
        final String node;
        final List<String> words;
        final long sentNanos;
        volatile long replyNanos = -1;
        volatile String reply = "";
        volatile boolean dropped;

        Command(String worker, String node, List<String> words, long sentNanos) {
            this.worker = worker;
            this.node = node;
            this.words = words;
            this.sentNanos = sentNanos;
        }

        /**
         * The reply reached the client: timed when the proxy began forwarding it (before the write, so
         * a descheduled proxy thread never makes a reply look later than the client saw it), and
         * recorded only once the write succeeded (a client that gave up never saw it).
         */
        void replied(String text, long forwardedNanos) {
            reply = text;
            replyNanos = forwardedNanos;
        }

        void dropped() {
            dropped = true;
            reply = "(dropped: node unreachable)";
        }
    }
}
