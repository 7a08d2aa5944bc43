package dev.lockdrill.kata.doublesend.workload;

import dev.lockdrill.katas.api.send.Message;
import dev.lockdrill.katas.api.send.ProviderException;
import dev.lockdrill.katas.api.send.Receipt;

import java.util.HashMap;
import java.util.Map;
import java.util.Objects;

/**
 * An APNs/FCM-like provider and the devices behind it. It has no deduplication: every request is
 * delivered. A device shows a notification {@value #SHOWN_AFTER_MILLIS} ms after it arrives; a
 * message with the same collapse id arriving before that replaces it (the user sees one), after
 * that it is a duplicate the user sees. Collapse ids merge unseen notifications; they do not
 * deduplicate.
 */
final class PushDeviceProvider extends FakeProvider {
    static final long SHOWN_AFTER_MILLIS = 100;
    private final Map<Long, Arrival> lastArrival = new HashMap<>();

    @Override
    String kind() {
        return "push";
    }

    @Override
    Receipt handle(String worker, long notification, Message message, Runnable whileInFlight)
            throws ProviderException {
        whileInFlight.run();
        try {
            rejectRevoked(message);
        } catch (ProviderException e) {
            record(worker, notification, message, "rejected", false, false);
            throw e;
        }
        long now = System.nanoTime();
        String result;
        synchronized (lastArrival) {
            Arrival before = lastArrival.put(notification, new Arrival(message.collapseId(), now));
            if (before == null) {
                result = "delivered";
            } else if (before.collapseId() != null && Objects.equals(before.collapseId(), message.collapseId())
                    && now - before.nanos() < SHOWN_AFTER_MILLIS * 1_000_000) {
                result = "collapsed";
            } else {
                result = "duplicate";
            }
        }
        record(worker, notification, message, result, true, result.equals("duplicate"));
        return newReceipt();
    }

    private record Arrival(String collapseId, long nanos) {
    }
}
