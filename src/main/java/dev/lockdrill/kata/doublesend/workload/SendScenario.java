package dev.lockdrill.kata.doublesend.workload;

import dev.lockdrill.harness.Scenario;
import java.time.Duration;

/** One scripted situation the notification workers must survive, against one kind of provider. */
public interface SendScenario extends Scenario<SendRig> {

    FakeProvider provider();

    Duration lease();
}
