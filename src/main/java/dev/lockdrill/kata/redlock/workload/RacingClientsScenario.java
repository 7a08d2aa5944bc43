package dev.lockdrill.kata.redlock.workload;

import dev.lockdrill.harness.Workers;
import dev.lockdrill.kata.redlock.protocol.RedlockFaults;
import dev.lockdrill.katas.api.redlock.Lease;
import dev.lockdrill.katas.api.redlock.Redlock;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.Future;

/**
 * Two clients acquire the same resource at once; each node is made to see one client's first
 * command before the other's (a seeded 3/2 split), so the replies interleave: one client wins
 * three nodes, the other two, and only the first may hold the lock.
 */
final class RacingClientsScenario implements RedlockScenario {
    @Override
    public String name() {
        return "racing-clients";
    }

    @Override
    public String summary() {
        return "w-1 and w-2 race for one resource; a seeded order per node gives one 3 nodes, the other 2";
    }

    @Override
    public void run(RedlockRig rig) throws Exception {
        String resource = rig.resource("job");
        Redlock one = rig.client("w-1");
        Redlock two = rig.client("w-2");
        List<String> order = new ArrayList<>(rig.nodes().names());
        for (int i = order.size() - 1; i > 0; i--) {
            int j = rig.random().nextInt(i + 1);
            String swap = order.get(i);
            order.set(i, order.get(j));
            order.set(j, swap);
        }
        boolean oneWins = rig.random().nextBoolean();
        String winner = oneWins ? "w-1" : "w-2";
        String loser = oneWins ? "w-2" : "w-1";
        List<String> winnerFirst = order.subList(0, 3);
        for (String node : order) {
            boolean w = winnerFirst.contains(node);
            rig.faults(node).race(resource, w ? winner : loser, w ? loser : winner);
        }
        CountDownLatch go = new CountDownLatch(1);
        long start = rig.recorder().now();
        try (Workers workers = new Workers()) {
            Future<Optional<Lease>> a = workers.start("w-1", () -> {
                go.await();
                return rig.acquire("w-1", one, resource, 2000, false);
            });
            Future<Optional<Lease>> b = workers.start("w-2", () -> {
                go.await();
                return rig.acquire("w-2", two, resource, 2000, false);
            });
            go.countDown();
            Optional<Lease> leaseOne = Workers.await(a);
            Optional<Lease> leaseTwo = Workers.await(b);
            leaseOne.ifPresent(l -> rig.release("w-1", one, l));
            leaseTwo.ifPresent(l -> rig.release("w-2", two, l));
        }
        int honoured = 0;
        int missed = 0;
        for (String node : order) {
            honoured += rig.faults(node).race().honoured.get();
            missed += rig.faults(node).race().missed.get();
        }
        List<String> loserFirst = order.subList(3, 5);
        rig.fault(RedlockFaults.INTERLEAVE, "w-1,w-2", start, honoured > 0,
                winner + "'s first command reached " + String.join(", ", sorted(winnerFirst)) + " first, " + loser
                        + "'s reached " + String.join(", ", sorted(loserFirst)) + " first (" + honoured
                        + " orderings forced, " + missed + " timed out)");
    }

    private static List<String> sorted(List<String> names) {
        return names.stream().sorted().toList();
    }
}
