package dev.lockdrill.kata.providerfallbackladder.workload;

import dev.lockdrill.kata.providerfallbackladder.protocol.LadderSetup;
import dev.lockdrill.katas.api.ladder.FallbackLadder;

import java.util.List;

/** One ladder under test: the learner's client (one process), its ticker and the providers behind it. */
record Ladder(String id, FallbackLadder client, VirtualTicker ticker, List<FakeProvider> providers, LadderSetup setup) {
    FakeProvider provider(int rung) {
        return providers.get(rung);
    }

    long ttlNanos() {
        return setup.ttlNanos();
    }
}
