package dev.lockdrill.kata.breakerplacement.workload;

import dev.lockdrill.check.InvariantResult;
import dev.lockdrill.check.Verdict;
import dev.lockdrill.harness.EventSink;
import dev.lockdrill.harness.Recorder;
import dev.lockdrill.history.EventCodec;
import dev.lockdrill.history.History;
import dev.lockdrill.history.HistoryAssembler;
import dev.lockdrill.history.Op;
import dev.lockdrill.kata.breakerplacement.check.EmitterInvariants;
import dev.lockdrill.kata.breakerplacement.protocol.EmitterOp;
import dev.lockdrill.kata.breakerplacement.protocol.PlatformCall;
import dev.lockdrill.kata.breakerplacement.protocol.Report;
import dev.lockdrill.kata.breakerplacement.protocol.Stamp;
import dev.lockdrill.katas.api.emitter.Event;
import dev.lockdrill.katas.api.emitter.TransientPlatformException;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * The harness ties a platform call to its emit and to the breaker permit it spent by what the call
 * carries (its event) and by the breakers it made, never by the thread: an emitter that asks for
 * the permit on the emit's thread, calls the platform on a time limiter's thread and reports on
 * either is judged as one that does it all on one thread.
 */
class PermitTrailTest {
    private final ByteArrayOutputStream out = new ByteArrayOutputStream();
    private final EmitterRecorder recorder = new EmitterRecorder(new Recorder(new EventSink(
            new PrintStream(out, true, StandardCharsets.UTF_8))), "s", new VirtualTime());
    private final FakePlatform github = new FakePlatform("github", recorder);
    private final RecordingOutbox outbox = new RecordingOutbox(recorder);
    private final ExecutorService callThread = Executors.newSingleThreadExecutor();

    @AfterEach
    void stopTheCallThread() {
        callThread.shutdownNow();
    }

    private <T> T onCallThread(Callable<T> task) throws Exception {
        return callThread.submit(task).get();
    }

    private History history() {
        HistoryAssembler assembler = new HistoryAssembler();
        out.toString(StandardCharsets.UTF_8).lines().map(EventCodec::decode).flatMap(Optional::stream)
                .forEach(assembler::accept);
        return assembler.build(1);
    }

    private Verdict verdict(String invariant) {
        History history = history();
        return EmitterInvariants.all().stream().filter(i -> i.name().equals(invariant)).findFirst().orElseThrow()
                .check(history).verdict();
    }

    private List<String> failed() {
        History history = history();
        return EmitterInvariants.all().stream().map(i -> i.check(history)).filter(r -> r.verdict() == Verdict.FAIL)
                .map(InvariantResult::name).toList();
    }

    private List<Op> ops(EmitterOp type) {
        return history().ops(type);
    }

    @Test
    void aCallOnAnotherThreadSpendsThePermitItsEmitWasGrantedAndBelongsToThatEmit() throws Exception {
        RecordingBreaker breaker = new RecordingBreaker("github/acme", 1, recorder);
        Event event = new Event("e1", "github", "acme", "update");
        EmitCall emit = recorder.begin("worker-1", event);
        assertThat(breaker.tryAcquirePermission()).isTrue();
        onCallThread(() -> {
            github.send(event);
            breaker.onSuccess(1);
            return null;
        });
        outbox.delivered(event);
        recorder.end(emit);

        PlatformCall call = PlatformCall.of(ops(EmitterOp.PLATFORM_CALL).get(0));
        assertThat(call.guard()).isEqualTo("github/acme");
        assertThat(Stamp.of(ops(EmitterOp.PLATFORM_CALL).get(0)).emit()).isEqualTo(emit.number());
        assertThat(ops(EmitterOp.PLATFORM_CALL).get(0).worker()).as("recorded as the emit's worker").isEqualTo("worker-1");
        assertThat(failed()).isEmpty();
        assertThat(verdict("each-call-has-its-keys-permit")).isEqualTo(Verdict.PASS);
        assertThat(verdict("outcomes-sorted-by-owner")).isEqualTo(Verdict.PASS);
        assertThat(verdict("every-event-ends")).isEqualTo(Verdict.PASS);
    }

    /** onError with the time limiter's wrapper of the call's own exception names that call's permit. */
    @Test
    void aFailureReportedWithTheCallsExceptionWrappedNamesTheCallsPermit() throws Exception {
        RecordingBreaker breaker = new RecordingBreaker("github/acme", 1, recorder);
        github.down(true);
        Event event = new Event("e1", "github", "acme", "update");
        EmitCall emit = recorder.begin("worker-1", event);
        assertThat(breaker.tryAcquirePermission()).isTrue();
        ExecutionException wrapped = null;
        try {
            onCallThread(() -> {
                github.send(event);
                return null;
            });
        } catch (ExecutionException e) {
            wrapped = e;
        }
        assertThat(wrapped).hasCauseInstanceOf(TransientPlatformException.class);
        breaker.onError(1, wrapped);
        outbox.retryLater(event, Duration.ofSeconds(5));
        recorder.end(emit);

        Report report = Report.of(ops(EmitterOp.REPORT).get(0));
        assertThat(report.permit()).isEqualTo(PlatformCall.of(ops(EmitterOp.PLATFORM_CALL).get(0)).permit());
        assertThat(verdict("outcomes-sorted-by-owner")).isEqualTo(Verdict.PASS);
    }

    /** Two emits of one key in flight at once, their calls and reports crossed: each permit still gets its one report. */
    @Test
    void crossedCallsAndReportsOfOneKeyFromTwoEmitsAreEachSettledOnce() throws Exception {
        RecordingBreaker breaker = new RecordingBreaker("github/acme", 1, recorder);
        Event first = new Event("e1", "github", "acme", "update");
        Event second = new Event("e2", "github", "acme", FakePlatform.GONE);
        EmitCall one = recorder.begin("worker-1", first);
        EmitCall two = recorder.begin("worker-2", second);
        assertThat(breaker.tryAcquirePermission()).isTrue();
        assertThat(breaker.tryAcquirePermission()).isTrue();
        assertThatThrownBy(() -> onCallThread(() -> {
            github.send(second);
            return null;
        })).isInstanceOf(ExecutionException.class);
        onCallThread(() -> {
            github.send(first);
            return null;
        });
        breaker.releasePermission();
        outbox.deadLetter(second, "gone");
        recorder.end(two);
        breaker.onSuccess(1);
        outbox.delivered(first);
        recorder.end(one);

        assertThat(failed()).isEmpty();
        assertThat(verdict("outcomes-sorted-by-owner")).isEqualTo(Verdict.PASS);
        assertThat(verdict("each-call-has-its-keys-permit")).isEqualTo(Verdict.PASS);
    }

    @Test
    void aCallOnAnotherThreadWithNoPermitAskedForSpendsNone() throws Exception {
        RecordingBreaker breaker = new RecordingBreaker("github/acme", 1, recorder);
        Event event = new Event("e1", "github", "acme", "update");
        EmitCall emit = recorder.begin("worker-1", event);
        assertThat(breaker.tryAcquirePermission()).isTrue();
        onCallThread(() -> {
            github.send(event);
            github.send(event);
            return null;
        });
        breaker.onSuccess(1);
        outbox.delivered(event);
        recorder.end(emit);

        assertThat(ops(EmitterOp.PLATFORM_CALL).stream().map(op -> PlatformCall.of(op).spentNoPermit()))
                .containsExactly(false, true);
        assertThat(failed()).contains("each-call-has-its-keys-permit");
    }

    @Test
    void aCallWithAnotherKeysPermitSpendsThatKeysPermit() throws Exception {
        RecordingBreaker global = new RecordingBreaker("github/gh-2", 1, recorder);
        Event event = new Event("e1", "github", "acme", "update");
        EmitCall emit = recorder.begin("worker-1", event);
        assertThat(global.tryAcquirePermission()).isTrue();
        onCallThread(() -> {
            github.send(event);
            return null;
        });
        global.onSuccess(1);
        outbox.delivered(event);
        recorder.end(emit);

        assertThat(PlatformCall.of(ops(EmitterOp.PLATFORM_CALL).get(0)).guard()).isEqualTo("github/gh-2");
        assertThat(failed()).contains("each-call-has-its-keys-permit");
    }
}
