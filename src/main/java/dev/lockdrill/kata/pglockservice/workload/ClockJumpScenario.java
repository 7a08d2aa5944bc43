package dev.lockdrill.kata.pglockservice.workload;

import dev.lockdrill.harness.JumpClock;

import dev.lockdrill.harness.Pause;
import dev.lockdrill.history.Faults;
import dev.lockdrill.katas.api.lockservice.Lease;
import dev.lockdrill.katas.api.lockservice.LockService;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * Process clocks jump: worker-2's clock leaps ten minutes ahead while worker-1 holds the lock,
 * then worker-1's clock falls ten minutes behind before it renews. Last, worker-2 takes a short
 * lease and lets it expire, and worker-3, whose clock runs ten minutes behind, must get the lock.
 * Leases live in database time, so no clock ahead or behind may change who holds the lock.
 */
final class ClockJumpScenario implements LockScenario {
    static final long TTL_MILLIS = 3_000;
    static final Duration JUMP = Duration.ofMinutes(10);
    static final long SHORT_TTL_MILLIS = 300;

    @Override
    public String name() {
        return "clock-jump";
    }

    @Override
    public String summary() {
        return "worker-2's clock jumps 10 min ahead, worker-1's 10 min back, while worker-1 holds the lock";
    }

    @Override
    public void run(LockRig rig) throws Exception {
        JumpClock firstClock = new JumpClock();
        JumpClock secondClock = new JumpClock();
        LockService first = rig.service("worker-1", "host-1", firstClock);
        LockService second = rig.service("worker-2", "host-2", secondClock);
        String name = rig.name("billing-run");
        Optional<Lease> lease = rig.acquire("worker-1", first, name, TTL_MILLIS);
        if (lease.isEmpty()) {
            return;
        }
        List<Lease> stolen = new ArrayList<>();
        long start = rig.recorder().now();
        secondClock.jump(JUMP);
        rig.recorder().fault(Faults.CLOCK_JUMP, rig.scenario(), "worker-2", start,
                "worker-2's clock jumped " + JUMP.toMinutes() + " minutes ahead");
        rig.acquire("worker-2", second, name, TTL_MILLIS).ifPresent(stolen::add);
        start = rig.recorder().now();
        firstClock.jump(JUMP.negated());
        rig.recorder().fault(Faults.CLOCK_JUMP, rig.scenario(), "worker-1", start,
                "worker-1's clock jumped " + JUMP.toMinutes() + " minutes back");
        rig.renew("worker-1", first, lease.get(), TTL_MILLIS);
        rig.acquire("worker-2", second, name, TTL_MILLIS).ifPresent(stolen::add);
        rig.release("worker-1", first, lease.get());
        stolen.forEach(l -> rig.release("worker-2", second, l));
        rig.acquire("worker-2", second, name, TTL_MILLIS).ifPresent(l -> rig.release("worker-2", second, l));
        behindTakesExpiredLease(rig, second);
    }

    private static void behindTakesExpiredLease(LockRig rig, LockService ahead) throws Exception {
        JumpClock behindClock = new JumpClock();
        LockService behind = rig.service("worker-3", "host-3", behindClock);
        String name = rig.name("month-end");
        if (rig.acquire("worker-2", ahead, name, SHORT_TTL_MILLIS).isEmpty()) {
            return;
        }
        long start = rig.recorder().now();
        behindClock.jump(JUMP.negated());
        rig.recorder().fault(Faults.CLOCK_JUMP, rig.scenario(), "worker-3", start,
                "worker-3's clock runs " + JUMP.toMinutes() + " minutes behind");
        Pause.millis(SHORT_TTL_MILLIS + 150);
        rig.acquire("worker-3", behind, name, TTL_MILLIS).ifPresent(l -> rig.release("worker-3", behind, l));
    }
}
