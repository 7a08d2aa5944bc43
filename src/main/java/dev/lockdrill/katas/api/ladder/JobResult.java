package dev.lockdrill.katas.api.ladder;

/**
 * The end of a job: its status, the provider whose answer decided it (null when FAILED) and, when
 * COMPLETED, that provider's output exactly as it answered.
 */
public record JobResult(JobStatus status, String provider, String output) {
    public static JobResult completed(String provider, String output) {
        return new JobResult(JobStatus.COMPLETED, provider, output);
    }

    public static JobResult rejected(String provider) {
        return new JobResult(JobStatus.REJECTED, provider, null);
    }

    public static JobResult failed() {
        return new JobResult(JobStatus.FAILED, null, null);
    }
}
