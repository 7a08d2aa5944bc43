package dev.lockdrill.db;

import com.github.dockerjava.api.DockerClient;
import com.github.dockerjava.api.async.ResultCallback;
import com.github.dockerjava.api.exception.NotFoundException;
import com.github.dockerjava.api.model.PullResponseItem;
import dev.lockdrill.support.ExitCodes;
import dev.lockdrill.support.LockdrillException;

import java.io.IOException;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Gets the PostgreSQL image onto the Docker engine, or says in one sentence why it cannot, within
 * seconds: an engine whose registry does not answer fails after {@link #FIRST_ANSWER} instead of
 * Testcontainers' silent two-minute retry. A pull the registry answers may take its time.
 */
final class ImagePull {
    static final Duration FIRST_ANSWER = Duration.ofSeconds(6);
    static final Duration WHOLE_PULL = Duration.ofMinutes(10);
    private static final Pattern ENGINE_MESSAGE = Pattern.compile("\"message\"\\s*:\\s*\"((?:[^\"\\\\]|\\\\.)*)\"");

    /** Whether the engine has the image, or could get it. */
    enum Availability { PRESENT, PULLABLE }

    private ImagePull() {
    }

    /** Present, or pullable (its registry answered; the pull is then cancelled), or a LockdrillException. */
    static Availability probe(DockerClient client, PostgresImage image, String engine) {
        return present(client, image) ? Availability.PRESENT : pull(client, image, engine, false);
    }

    /** Pulls the image unless the engine has it. */
    static Availability ensure(DockerClient client, PostgresImage image, String engine) {
        return present(client, image) ? Availability.PRESENT : pull(client, image, engine, true);
    }

    private static boolean present(DockerClient client, PostgresImage image) {
        try {
            client.inspectImageCmd(image.dockerName().asCanonicalNameString()).exec();
            return true;
        } catch (NotFoundException e) {
            return false;
        }
    }

    private static Availability pull(DockerClient client, PostgresImage image, String engine, boolean wait) {
        CountDownLatch answered = new CountDownLatch(1);
        CompletableFuture<Void> done = new CompletableFuture<>();
        ResultCallback.Adapter<PullResponseItem> callback = new ResultCallback.Adapter<>() {
            @Override
            public void onNext(PullResponseItem item) {
                if (item.getErrorDetail() != null || item.getError() != null) {
                    done.completeExceptionally(new IllegalStateException(item.getErrorDetail() != null
                            ? item.getErrorDetail().getMessage() : item.getError()));
                }
                answered.countDown();
            }

            @Override
            public void onError(Throwable error) {
                done.completeExceptionally(error);
                answered.countDown();
            }

            @Override
            public void onComplete() {
                done.complete(null);
                answered.countDown();
            }
        };
        try (callback) {
            client.pullImageCmd(image.dockerName().asCanonicalNameString()).exec(callback);
            if (!answered.await(FIRST_ANSWER.toMillis(), TimeUnit.MILLISECONDS)) {
                throw cannotGet(image, engine, "its registry did not answer within " + FIRST_ANSWER.toSeconds()
                        + " s");
            }
            if (done.isCompletedExceptionally()) {
                done.join();
            }
            if (wait) {
                done.get(WHOLE_PULL.toMillis(), TimeUnit.MILLISECONDS);
            }
            return Availability.PULLABLE;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw cannotGet(image, engine, "interrupted");
        } catch (TimeoutException e) {
            throw cannotGet(image, engine, "the pull took over " + WHOLE_PULL.toMinutes() + " minutes");
        } catch (ExecutionException | RuntimeException e) {
            if (e instanceof LockdrillException le) {
                throw le;
            }
            Throwable cause = e.getCause() != null && !(e instanceof IllegalStateException) ? e.getCause() : e;
            throw cannotGet(image, engine, firstLine(cause.getMessage()));
        } catch (IOException e) {
            throw cannotGet(image, engine, e.getMessage());
        }
    }

    static LockdrillException cannotGet(PostgresImage image, String engine, String why) {
        return new LockdrillException("The Docker engine at " + engine + " cannot get the PostgreSQL image '"
                + image.name() + "' (" + why + "); choose one: (1) make an image available — `docker pull "
                + image.name() + "`, or name one the engine has with " + PostgresImage.ENV + "=IMAGE; (2) point "
                + "lockdrill at a server with PGHOST=HOST PGUSER=USER, " + BackendSelector.URL_ENV
                + " or --jdbc-url; or (3) without Docker (unset DOCKER_HOST), let it start an embedded "
                + "PostgreSQL (as root it runs it as 'nobody').", ExitCodes.USAGE);
    }

    /** The engine's own words: docker-java wraps them as {@code Status 500: {"message":"..."}}. */
    static String firstLine(String message) {
        if (message == null || message.isBlank()) {
            return "no reason given";
        }
        Matcher engine = ENGINE_MESSAGE.matcher(message);
        String text = engine.find() ? engine.group(1).replace("\\\"", "\"") : message;
        String line = text.strip().lines().findFirst().orElse(text);
        return line.length() > 200 ? line.substring(0, 200) + "…" : line;
    }
}
