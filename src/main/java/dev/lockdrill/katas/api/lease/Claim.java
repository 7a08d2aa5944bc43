package dev.lockdrill.katas.api.lease;

/** A claimed row: its id and the lease token that proves the claim is (still) yours. */
public record Claim(long id, long leaseToken) {
}
