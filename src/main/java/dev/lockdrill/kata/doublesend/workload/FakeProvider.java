package dev.lockdrill.kata.doublesend.workload;

import dev.lockdrill.kata.doublesend.protocol.LedgerEntry;
import dev.lockdrill.katas.api.send.Message;
import dev.lockdrill.katas.api.send.ProviderException;
import dev.lockdrill.katas.api.send.Receipt;

import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;

/**
 * An in-memory provider that keeps a ledger of every request it got and what it did with it: the
 * ground truth the double-send checks read. Subclasses decide what a request does (deduplicate or
 * deliver); {@code whileInFlight} runs after the request is accepted and before it is processed.
 */
abstract class FakeProvider {
    static final String REVOKED = "device-revoked";
    private final List<Map<String, Object>> ledger = new ArrayList<>();
    private final Map<Long, AtomicInteger> answered = new ConcurrentHashMap<>();
    private final AtomicLong messageIds = new AtomicLong();
    /**
     * The seq of the last request recorded on this thread: ProviderClient reads it right after the
     * handle() it called, on the same call stack, to tie a fault to the request it struck.
     */
    private final ThreadLocal<Long> recordedHere = ThreadLocal.withInitial(() -> 0L);

    /** "dedup" or "push". */
    abstract String kind();

    abstract Receipt handle(String worker, long notification, Message message, Runnable whileInFlight)
            throws ProviderException;

    /** Records one request and its result; {@code effect}: the recipient got something new. */
    final void record(String worker, long notification, Message message, String result, boolean effect,
                      boolean duplicate) {
        long atUs = nowMicros();
        synchronized (ledger) {
            ledger.add(new LedgerEntry(ledger.size() + 1, worker, notification, message.recipient(),
                    message.idempotencyKey(), message.collapseId(), result, effect, duplicate, atUs).toMap());
            recordedHere.set((long) ledger.size());
        }
        answered.computeIfAbsent(notification, n -> new AtomicInteger()).incrementAndGet();
    }

    /** How many requests for the notification have been answered so far. */
    final int answered(long notification) {
        AtomicInteger count = answered.get(notification);
        return count == null ? 0 : count.get();
    }

    /** The seq of the request the last handle() on this thread recorded (0: none yet). */
    final long lastRecordedHere() {
        return recordedHere.get();
    }

    final Receipt newReceipt() {
        return new Receipt(kind() + "-msg-" + messageIds.incrementAndGet(), false);
    }

    final List<Map<String, Object>> ledger() {
        synchronized (ledger) {
            return List.copyOf(ledger);
        }
    }

    /** A revoked device token is a permanent rejection, whoever sends it. */
    static void rejectRevoked(Message message) throws ProviderException {
        if (REVOKED.equals(message.recipient())) {
            throw new ProviderException(ProviderException.Kind.REJECTED, "400 BadDeviceToken: " + REVOKED);
        }
    }

    static long nowMicros() {
        Instant now = Instant.now();
        return now.getEpochSecond() * 1_000_000 + now.getNano() / 1_000;
    }
}
