package dev.lockdrill.kata.doublesend.workload;

import java.time.Duration;

/** One scripted situation the notification workers must survive, against one kind of provider. */
interface SendScenario {
    String name();

    String summary();

    FakeProvider provider();

    Duration lease();

    void run(SendRig rig) throws Exception;
}
