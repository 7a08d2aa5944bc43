package dev.lockdrill.kata.redlock.workload;

import dev.lockdrill.katas.api.redlock.Lease;
import dev.lockdrill.katas.api.redlock.Redlock;
import redis.clients.jedis.params.SetParams;

import java.util.List;
import java.util.Optional;

/**
 * Another holder's value already sits on three nodes (only two are free: no majority), then on two
 * (three free: a majority). The first acquire must fail and leave nothing behind; the second must succeed.
 */
final class MinorityFreeScenario implements RedlockScenario {
    static final String FOREIGN = "another-client-holds-this";

    @Override
    public String name() {
        return "minority-free";
    }

    @Override
    public String summary() {
        return "another holder's value on 3 of 5 nodes (acquire must fail, unlock all), then on 2 (must succeed)";
    }

    @Override
    public void run(RedlockRig rig) throws Exception {
        Redlock client = rig.client("w-1");
        List<String> names = rig.nodes().names();
        String taken = rig.resource("three-taken");
        for (String node : names.subList(2, 5)) {
            rig.nodes().direct(node).set(taken, FOREIGN, SetParams.setParams().px(10_000));
        }
        rig.acquire("w-1", client, taken, 1000, false);
        String free = rig.resource("two-taken");
        for (String node : names.subList(3, 5)) {
            rig.nodes().direct(node).set(free, FOREIGN, SetParams.setParams().px(10_000));
        }
        Optional<Lease> lease = rig.acquire("w-1", client, free, 1000, true);
        lease.ifPresent(l -> rig.release("w-1", client, l));
    }
}
