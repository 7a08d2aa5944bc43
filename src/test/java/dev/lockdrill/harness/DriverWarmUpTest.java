package dev.lockdrill.harness;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The stand-in server answers the driver well enough for a connection, a prepared query and a
 * statement to go through: if the driver's protocol changed under it, the warm-up (and what it
 * saves every check) would silently stop working.
 */
class DriverWarmUpTest {

    @Test
    void theDriverConnectsQueriesAndClosesAgainstTheStandIn() {
        assertThat(DriverWarmUp.run()).isTrue();
        assertThat(DriverWarmUp.run()).as("a second time, on a port of its own").isTrue();
    }
}
