package dev.lockdrill.kata.doublesend.workload;

import dev.lockdrill.katas.api.send.Message;
import dev.lockdrill.katas.api.send.ProviderException;
import dev.lockdrill.katas.api.send.Receipt;

import java.util.HashMap;
import java.util.Map;
import java.util.Objects;

/**
 * A Stripe-style provider: it remembers every Idempotency-Key. A key seen before with the same
 * parameters gets the first result again (no new effect); with different parameters it is an
 * error; while the first request with a key is still in flight, another one gets 409 Conflict.
 * A request without a key is always new.
 */
final class DedupProvider extends FakeProvider {
    private final Map<String, Stored> keys = new HashMap<>();

    @Override
    String kind() {
        return "dedup";
    }

    @Override
    Receipt handle(String worker, long notification, Message message, Runnable whileInFlight)
            throws ProviderException {
        String key = message.idempotencyKey();
        if (key != null) {
            synchronized (keys) {
                Stored stored = keys.get(key);
                if (stored != null && !stored.sameRequest(message)) {
                    record(worker, notification, message, "key-reused-with-other-parameters", false, false);
                    throw new ProviderException(ProviderException.Kind.REJECTED, "422: idempotency key " + key
                            + " was used with different parameters");
                }
                if (stored != null && stored.receipt == null) {
                    record(worker, notification, message, "conflict", false, false);
                    throw new ProviderException(ProviderException.Kind.CONFLICT, "409: a request with idempotency key "
                            + key + " is in progress");
                }
                if (stored != null) {
                    record(worker, notification, message, "replayed", false, false);
                    return new Receipt(stored.receipt.messageId(), true);
                }
                keys.put(key, new Stored(message, null));
            }
        }
        whileInFlight.run();
        try {
            rejectRevoked(message);
        } catch (ProviderException e) {
            forget(key);
            record(worker, notification, message, "rejected", false, false);
            throw e;
        }
        Receipt receipt = newReceipt();
        if (key != null) {
            synchronized (keys) {
                keys.put(key, new Stored(message, receipt));
            }
        }
        record(worker, notification, message, "delivered", true, false);
        return receipt;
    }

    private void forget(String key) {
        if (key != null) {
            synchronized (keys) {
                keys.remove(key);
            }
        }
    }

    private record Stored(Message request, Receipt receipt) {
        boolean sameRequest(Message other) {
            return Objects.equals(request.recipient(), other.recipient())
                    && Objects.equals(request.body(), other.body());
        }
    }
}
