package dev.lockdrill.testing;

import dev.lockdrill.check.Evidence;
import dev.lockdrill.check.InvariantResult;
import dev.lockdrill.check.Verdict;

import java.util.stream.Collectors;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Assertions on one invariant's verdict. {@link InvariantResult#passed()} is true for a pass and for
 * "not exercised" alike (and false for a failure and an unknown alike), so a test that means "this
 * passes" asserts {@link Verdict#PASS} here: a history that gave the invariant nothing to judge no
 * longer passes such a test. A failure's message says which verdict it was, and why.
 */
public final class VerdictAssertions {
    private VerdictAssertions() {
    }

    /** The invariant judged the history and it held. */
    public static void assertPass(InvariantResult result) {
        assertVerdict(result, Verdict.PASS, "");
    }

    public static void assertPass(InvariantResult result, String why) {
        assertVerdict(result, Verdict.PASS, why);
    }

    /** The invariant judged the history and found a violation (not merely "could not decide"). */
    public static void assertFail(InvariantResult result) {
        assertVerdict(result, Verdict.FAIL, "");
    }

    public static void assertVerdict(InvariantResult result, Verdict expected, String why) {
        assertThat(result.verdict()).as((why.isEmpty() ? "" : why + ": ") + describe(result)).isEqualTo(expected);
    }

    /** "name: VERDICT — evidence; evidence", for assertion messages. */
    public static String describe(InvariantResult result) {
        return result.name() + ": " + result.verdict() + (result.evidence().isEmpty() ? ""
                : " — " + result.evidence().stream().limit(3).map(Evidence::text).collect(Collectors.joining("; ")));
    }
}
