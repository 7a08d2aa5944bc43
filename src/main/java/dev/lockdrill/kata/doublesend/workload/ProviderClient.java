package dev.lockdrill.kata.doublesend.workload;

import dev.lockdrill.kata.doublesend.protocol.ProviderFault;
import dev.lockdrill.harness.Pause;
import dev.lockdrill.katas.api.send.Message;
import dev.lockdrill.katas.api.send.ProviderException;
import dev.lockdrill.katas.api.send.PushProvider;
import dev.lockdrill.katas.api.send.Receipt;

/**
 * The provider as one worker sees it: requests go to the shared fake provider, and the scenario's
 * fault plan strikes on the first request for a planned notification (whoever sends it).
 */
final class ProviderClient implements PushProvider {
    static final long HOLD_CAP_MILLIS = 3_000;
    private final SendRig rig;
    private final String worker;

    ProviderClient(SendRig rig, String worker) {
        this.rig = rig;
        this.worker = worker;
    }

    @Override
    public Receipt send(Message message) throws ProviderException {
        long notification = rig.notificationOf(worker, message);
        ProviderFault fault = rig.takeFault(notification);
        if (fault == null) {
            return rig.provider().handle(worker, notification, message, () -> {
            });
        }
        long start = rig.recorder().now();
        if (fault == ProviderFault.REQUEST_LOST) {
            rig.injected(worker, notification, fault, start, 0);
            throw new ProviderException(ProviderException.Kind.TIMEOUT, "timed out waiting for the provider's "
                    + "response (the request never arrived)");
        }
        if (fault == ProviderFault.CRASH_DURING_SEND) {
            rig.crash(worker, notification, fault, start, 0);
            throw new WorkerCrashed(worker);
        }
        Runnable inFlight = fault != ProviderFault.SLOW_PROVIDER ? () -> {
        } : () -> holdUntil(() -> rig.provider().answered(notification) > 0);
        Receipt receipt = rig.provider().handle(worker, notification, message, inFlight);
        long request = rig.provider().lastRecordedHere();
        switch (fault) {
            case PAUSE_AFTER_SEND:
                Pause.millis(rig.lease().toMillis());
                holdUntil(() -> rig.isFinished(notification));
                break;
            case DROP_RESPONSE:
                rig.injected(worker, notification, fault, start, request);
                throw new ProviderException(ProviderException.Kind.TIMEOUT, "timed out waiting for the provider's "
                        + "response (it was processed, the response was lost)");
            case CRASH_AFTER_SEND:
                rig.crash(worker, notification, fault, start, request);
                throw new WorkerCrashed(worker);
            default:
                break;
        }
        rig.injected(worker, notification, fault, start, request);
        return receipt;
    }

    private static void holdUntil(java.util.function.BooleanSupplier condition) {
        long deadline = System.nanoTime() + HOLD_CAP_MILLIS * 1_000_000;
        while (!condition.getAsBoolean() && System.nanoTime() < deadline) {
            Pause.millis(5);
        }
    }
}
