package dev.lockdrill.bench;

import dev.lockdrill.katas.api.breaker.BreakerConfig;
import io.github.resilience4j.circuitbreaker.CircuitBreaker;
import io.github.resilience4j.circuitbreaker.CircuitBreakerConfig;
import katas.circuitbreaker.CountingCircuitBreaker;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Threads;
import org.openjdk.jmh.annotations.Warmup;

import java.time.Clock;
import java.time.Duration;
import java.util.concurrent.TimeUnit;
import java.util.function.Supplier;

/**
 * Per-call cost of a breaker in the CLOSED state around a trivial supplier: the kata's reference
 * breaker against Resilience4j's CircuitBreaker.decorateSupplier, both with default-like settings,
 * on 1 thread and on 2 threads sharing one breaker; a plain call as the floor.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 4, time = 1)
@Measurement(iterations = 6, time = 1)
@Fork(1)
public class ClosedStateOverhead {
    private Supplier<Integer> plain;
    private Supplier<Integer> resilience4j;
    private Supplier<Integer> reference;

    @Setup
    public void setUp() {
        plain = () -> 42;
        CircuitBreaker r4j = CircuitBreaker.of("bench", CircuitBreakerConfig.ofDefaults());
        resilience4j = CircuitBreaker.decorateSupplier(r4j, plain);
        CountingCircuitBreaker breaker = new CountingCircuitBreaker(new BreakerConfig(50, 100, Duration.ofSeconds(60),
                100, 100, Duration.ofSeconds(60), 10), System::nanoTime, Clock.systemUTC(), (from, to, at) -> { });
        reference = () -> {
            if (!breaker.tryAcquirePermission()) {
                throw new IllegalStateException("open");
            }
            long start = System.nanoTime();
            try {
                Integer value = plain.get();
                breaker.onSuccess(System.nanoTime() - start);
                return value;
            } catch (RuntimeException e) {
                breaker.onError(System.nanoTime() - start, e);
                throw e;
            }
        };
    }

    @Benchmark
    @Threads(1)
    public Integer plainCall1Thread() {
        return plain.get();
    }

    @Benchmark
    @Threads(1)
    public Integer resilience4j1Thread() {
        return resilience4j.get();
    }

    @Benchmark
    @Threads(1)
    public Integer reference1Thread() {
        return reference.get();
    }

    @Benchmark
    @Threads(2)
    public Integer resilience4j2Threads() {
        return resilience4j.get();
    }

    @Benchmark
    @Threads(2)
    public Integer reference2Threads() {
        return reference.get();
    }
}
