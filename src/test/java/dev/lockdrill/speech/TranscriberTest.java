package dev.lockdrill.speech;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/** The recognizer's timed output read back: words with times and posteriors, fillers and alternates dropped. */
class TranscriberTest {
    @Test
    void timedWordsAreReadAndFillersDropped() {
        String output = String.join("\n", "the token is rejected",
                "<s> 0.000 0.180 0.996705", "the(2) 0.190 0.360 0.040890", "<sil> 0.370 0.610 0.997004",
                "token 0.710 0.930 1.000000", "[NOISE] 0.940 1.070 0.139174", "rejected 1.080 1.610 0.5",
                "</s> 1.620 1.700 1.000000", "INFO: something 1.0 2.0 3.0 4.0");
        Transcript transcript = Transcriber.parse(output);

        assertThat(transcript.text()).isEqualTo("the token rejected");
        assertThat(transcript.words().get(1).start()).isEqualTo(0.71);
        assertThat(transcript.words().get(1).end()).isEqualTo(0.93);
        assertThat(transcript.words().get(0).confidence()).isEqualTo(0.04089);
        assertThat(transcript.words().get(2).confidence()).isEqualTo(0.5);
    }

    @Test
    void noWordsIsAnEmptyTranscript() {
        assertThat(Transcriber.parse("").words()).isEmpty();
        assertThat(Transcriber.parse("\n\n").text()).isEmpty();
    }
}
