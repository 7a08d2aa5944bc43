package dev.lockdrill.kata.leaseclaim.workload;

import dev.lockdrill.katas.api.lease.Claim;
import dev.lockdrill.katas.api.lease.Completion;
import dev.lockdrill.katas.api.lease.LeaseQueue;

import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Random;
import java.util.SplittableRandom;

/**
 * The arguments and values the other scenarios leave alone. Row ids straddle 2^32 (the column is a
 * {@code bigint}). Of three to six due rows (drawn per seed), worker-1 claims with a max of 1, then
 * with a max above what is left, then once more with nothing due: each answer must hold at most
 * max rows. Then it finishes every row twice, once with each outcome, the order drawn per row
 * with both orders present (done then failed, failed then done), and extends the finished row:
 * only the first completion may change it, whichever outcome that was.
 */
final class ClaimBoundsScenario implements LeaseScenario {
    static final Duration LEASE = Duration.ofSeconds(5);
    static final long FIRST_ID = (1L << 32) - 2;

    @Override
    public String name() {
        return "claim-bounds";
    }

    @Override
    public String summary() {
        return "ids across 2^32; claim(1), claim(more than due), claim with nothing due; every row finished in "
                + "both orders of outcomes";
    }

    @Override
    public long firstId(int index) {
        return FIRST_ID;
    }

    @Override
    public void run(LeaseRig rig) throws Exception {
        SplittableRandom random = rig.random();
        int due = 3 + random.nextInt(4);
        LeaseQueue queue = rig.queue("worker-1", LEASE);
        rig.insert(due);
        List<Claim> claims = new ArrayList<>(rig.claim("worker-1", queue, 1));
        claims.addAll(rig.claim("worker-1", queue, due + 1 + random.nextInt(5)));
        rig.claim("worker-1", queue, 1 + random.nextInt(3));
        List<Boolean> doneFirst = new ArrayList<>();
        for (int i = 0; i < claims.size(); i++) {
            doneFirst.add(i == 0 || i != 1 && random.nextBoolean());
        }
        Collections.shuffle(doneFirst, new Random(random.nextLong()));
        for (int i = 0; i < claims.size(); i++) {
            Completion first = doneFirst.get(i) ? Completion.DONE : Completion.FAILED;
            Completion second = doneFirst.get(i) ? Completion.FAILED : Completion.DONE;
            rig.complete("worker-1", queue, claims.get(i), first);
            rig.complete("worker-1", queue, claims.get(i), second);
            rig.extend("worker-1", queue, claims.get(i));
        }
    }
}
