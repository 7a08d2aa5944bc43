package dev.lockdrill.kata.breakerplacement.protocol;

import dev.lockdrill.history.Channel;
import dev.lockdrill.history.Op;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Map;
import java.util.Set;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The emitter's op records are their own serialization: each comes back equal across the event
 * channel, with exactly the fields the hand-written maps wrote (written down here, so a renamed
 * component fails).
 */
class EmitterFieldsTest {
    private static final String F = EmitterOp.PERMIT.label();

    @Test
    void breakerCreated() {
        BreakerCreated created = new BreakerCreated("github/app-1");
        assertThat(Channel.across(created.toMap())).isEqualTo(Map.of("breaker", "github/app-1"));
        assertThat(BreakerCreated.of(Channel.withArgs(F, created.toMap()))).isEqualTo(created);
    }

    @Test
    void deadLetterAndEmitThrewRecordANullAsTheTextNull() {
        assertThat(Channel.across(new DeadLetter("gone").toMap())).isEqualTo(Map.of("reason", "gone"));
        assertThat(DeadLetter.of(Channel.withArgs(F, new DeadLetter("gone").toMap()))).isEqualTo(new DeadLetter("gone"));
        assertThat(Channel.across(new DeadLetter(null).toMap())).isEqualTo(Map.of("reason", "null"));
        assertThat(DeadLetter.of(Channel.withArgs(F, new DeadLetter(null).toMap())).reason()).isEqualTo("null");

        assertThat(Channel.across(new EmitThrew("boom").toMap())).isEqualTo(Map.of("error", "boom"));
        assertThat(EmitThrew.of(Channel.withArgs(F, new EmitThrew("boom").toMap()))).isEqualTo(new EmitThrew("boom"));
        assertThat(Channel.across(new EmitThrew(null).toMap())).isEqualTo(Map.of("error", "null"));
    }

    @Test
    void retryLaterAndSleep() {
        assertThat(Channel.across(new RetryLater(-1).toMap())).isEqualTo(Map.of("afterMillis", -1));
        assertThat(RetryLater.of(Channel.withArgs(F, new RetryLater(3_000_000_000L).toMap())))
                .isEqualTo(new RetryLater(3_000_000_000L));
        assertThat(Channel.across(new Sleep(250).toMap())).isEqualTo(Map.of("millis", 250));
        assertThat(Sleep.of(Channel.withArgs(F, new Sleep(250).toMap()))).isEqualTo(new Sleep(250));
    }

    @Test
    void permitRecordsItsNumberAsPermit() {
        Permit granted = new Permit("github/app-1", 2, true, 7);
        assertThat(Channel.across(granted.toMap()))
                .isEqualTo(Map.of("breaker", "github/app-1", "instance", 2, "granted", true, "permit", 7));
        assertThat(Permit.of(Channel.withArgs(F, granted.toMap()))).isEqualTo(granted);
        Permit refused = new Permit("github/app-1", 2, false, Permit.NONE);
        assertThat(Channel.across(refused.toMap())).containsEntry("permit", -1);
        assertThat(Permit.of(Channel.withArgs(F, refused.toMap()))).isEqualTo(refused);
        assertThat(Permit.of(Channel.withArgs(F, Map.of("breaker", "b", "instance", 1, "granted", false))).number())
                .isEqualTo(Permit.NONE);
    }

    @Test
    void platformCallRecordsWhatA403SaidByItsLabelAndNothingForAnyOtherStatus() {
        PlatformCall forbidden = new PlatformCall(403, 10, 5000, "github/app-1", 1, Forbidden.RATE_LIMIT, 4);
        assertThat(Channel.across(forbidden.toMap())).isEqualTo(Map.of("status", 403, "sentTick", 10,
                "retryAfterMillis", 5000, "guard", "github/app-1", "guardInstance", 1, "forbidden", "rate-limit",
                "permit", 4));
        assertThat(PlatformCall.of(Channel.withArgs(F, forbidden.toMap()))).isEqualTo(forbidden);

        PlatformCall plain = new PlatformCall(503, 12, -1, null, -1);
        assertThat(Channel.across(plain.toMap())).isEqualTo(Map.of("status", 503, "sentTick", 12,
                "retryAfterMillis", -1, "guard", "none", "guardInstance", -1, "permit", -1));
        assertThat(PlatformCall.of(Channel.withArgs(F, plain.toMap()))).isEqualTo(plain);

        PlatformCall bare = PlatformCall.of(Channel.withArgs(F, Map.of("status", 200, "sentTick", 3, "guard", "none")));
        assertThat(bare.retryAfterMillis()).isEqualTo(-1);
        assertThat(bare.guardInstance()).isEqualTo(-1);
        assertThat(bare.permit()).isEqualTo(Permit.NONE);
        assertThat(PlatformCall.of(Channel.withArgs(F, Map.of("status", 403, "sentTick", 3, "guard", "none")))
                .forbidden()).isEqualTo(Forbidden.CREDENTIAL);
    }

    @Test
    void reportRecordsItsOutcomeByLabel() {
        Report report = new Report("github/app-1", 3, Report.Outcome.RELEASED, 9);
        assertThat(Channel.across(report.toMap())).isEqualTo(Map.of("breaker", "github/app-1", "instance", 3,
                "outcome", "released", "permit", 9));
        assertThat(Report.of(Channel.withArgs(F, report.toMap()))).isEqualTo(report);
        Report unnamed = new Report("github/app-1", 3, Report.Outcome.FAILURE, Permit.NONE);
        assertThat(Report.of(Channel.withArgs(F, unnamed.toMap()))).isEqualTo(unnamed);
    }

    @Test
    void stampLeavesOutANullEventAndNoEmit() {
        Stamp inEmit = new Stamp("e-1", "github/app-1", 1200, "0", 4);
        assertThat(Channel.across(inEmit.toMap())).isEqualTo(Map.of("event", "e-1", "key", "github/app-1",
                "tick", 1200, "round", "0", "emit", 4));
        assertThat(Stamp.of(Channel.withArgs(F, inEmit.toMap()))).isEqualTo(inEmit);

        Stamp outside = new Stamp(null, null, 5_000_000_000L, "2");
        assertThat(Channel.across(outside.toMap())).isEqualTo(Map.of("tick", 5_000_000_000L, "round", "2"));
        assertThat(Stamp.of(Channel.withArgs(F, outside.toMap()))).isEqualTo(outside);
    }

    @Test
    void aStampedOpReadsBackAsBothItsStampAndItsOwnRecord() {
        Stamp stamp = new Stamp("e-1", "github/app-1", 1200, "1", 4);
        Permit permit = new Permit("github/app-1", 2, true, 7);
        Op op = Channel.withArgs(F, stamp.with(permit.toMap()));
        assertThat(op.args().keySet()).containsExactlyInAnyOrder("event", "key", "tick", "round", "emit", "breaker",
                "instance", "granted", "permit");
        assertThat(Stamp.of(op)).isEqualTo(stamp);
        assertThat(Permit.of(op)).isEqualTo(permit);
    }

    @Test
    void transition() {
        Transition transition = new Transition("github/app-1", "CLOSED", "OPEN");
        assertThat(Channel.across(transition.toMap()))
                .isEqualTo(Map.of("breaker", "github/app-1", "from", "CLOSED", "to", "OPEN"));
        assertThat(Transition.of(Channel.withArgs(F, transition.toMap()))).isEqualTo(transition);
    }

    @Test
    void breakerSettingsRowKeepsTheKeysItsHandWrittenRowHad() {
        BreakerSettings settings = new BreakerSettings(10, 5, 50, 30_000, 2);
        assertThat(Channel.rowAcross(settings.toRow())).isEqualTo(Map.of("slidingWindowSize", 10,
                "minimumNumberOfCalls", 5, "failureRateThreshold", 50, "waitDurationInOpenStateMillis", 30_000,
                "permittedNumberOfCallsInHalfOpenState", 2));
        assertThat(BreakerSettings.of(Channel.rowAcross(settings.toRow()))).isEqualTo(settings);
        assertThat(BreakerSettings.of(Map.of())).isEqualTo(new BreakerSettings(0, 0, 0, 0, 0));
    }

    @Test
    void heldSleepRowKeepsTheKeysItsHandWrittenRowHad() {
        HeldSleep slept = new HeldSleep("github/app-1", 3, 2, 1_500);
        assertThat(Channel.rowAcross(slept.toRow())).isEqualTo(Map.of("key", "github/app-1", "others", 3,
                "unfinished", 2, "timeoutMillis", 1_500));
        assertThat(HeldSleep.of(Channel.rowAcross(slept.toRow()))).isEqualTo(slept);
        HeldSleep never = new HeldSleep("github/app-1", 3, -1, 1_500);
        assertThat(Channel.rowAcross(never.toRow())).containsEntry("unfinished", -1);
        assertThat(HeldSleep.of(Channel.rowAcross(never.toRow())).slept()).isFalse();
        assertThat(HeldSleep.of(Map.of("key", "k", "others", 1, "timeoutMillis", 5)))
                .isEqualTo(new HeldSleep("k", 1, -1, 5));
    }

    @Test
    void outageRowListsItsKeysSortedAndComesBackEqual() {
        Outage outage = new Outage(Set.of("slack/b", "github/a", "github/c"), 1_000, 2_500_000_000_000L, "503s");
        Map<String, Object> row = Channel.rowAcross(outage.toRow());
        assertThat(row).isEqualTo(Map.of("keys", List.of("github/a", "github/c", "slack/b"), "fromTick", 1_000,
                "toTick", 2_500_000_000_000L, "description", "503s"));
        assertThat(Outage.of(row)).isEqualTo(outage);
        assertThat(Outage.of(row).during(2_500_000_000_000L - 1)).isTrue();
        assertThat(Outage.of(row).during(2_500_000_000_000L)).isFalse();
    }
}
