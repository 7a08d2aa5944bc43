package dev.lockdrill.katas.api.ladder;

/**
 * What a provider call came back with: an HTTP status and body, or no answer within the timeout
 * ({@code timedOut}, status 0). 2xx is an answer, 4xx means the job's request is wrong (the
 * provider is fine), 5xx and a timeout mean the provider is not serving.
 */
public record ProviderReply(int status, String body, boolean timedOut) {
    public static ProviderReply answered(int status, String body) {
        return new ProviderReply(status, body, false);
    }

    public static ProviderReply timeout() {
        return new ProviderReply(0, null, true);
    }
}
