package dev.lockdrill.db;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/** The reason a pull failed is said in the engine's own words, not as the HTTP body around them. */
class ImagePullTest {

    @Test
    void theEnginesMessageIsTakenOutOfItsJsonBody() {
        String raw = "Status 500: {\"message\":\"Get \\\"https://192.0.2.1:5000/v2/\\\": dial tcp 192.0.2.1:5000: "
                + "connect: network is unreachable\"}\n";

        assertThat(ImagePull.firstLine(raw))
                .isEqualTo("Get \"https://192.0.2.1:5000/v2/\": dial tcp 192.0.2.1:5000: connect: network is unreachable");
        assertThat(ImagePull.firstLine("manifest unknown\nmore")).isEqualTo("manifest unknown");
    }

    @Test
    void theSentenceNamesTheImageAndTheThreeWaysOut() {
        String sentence = ImagePull.cannotGet(new PostgresImage("mirror.example/postgres:16", "test"),
                "unix:///run/docker.sock", "manifest unknown").getMessage();

        assertThat(sentence).contains("'mirror.example/postgres:16' (manifest unknown)")
                .contains("(1)").contains(PostgresImage.ENV).contains("(2)").contains("PGHOST")
                .contains("(3)").contains("embedded");
    }
}
