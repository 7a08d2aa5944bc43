package dev.lockdrill.katas.api.emitter;

/** An event to deliver to one platform with one of the customer's credentials (an installation token, a PAT...). */
public record Event(String id, String platform, String credential, String payload) {
}
