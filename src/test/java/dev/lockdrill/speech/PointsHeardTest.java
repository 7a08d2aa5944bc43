package dev.lockdrill.speech;

import dev.lockdrill.drill.DrillCard;
import dev.lockdrill.drill.RubricPoint;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;

import static org.assertj.core.api.Assertions.assertThat;

/** Rubric points heard in a transcript: by keyword said as words, sure enough, first time said. */
class PointsHeardTest {
    private static final Pronunciations DICTIONARY = new Pronunciations(Set.of("the", "fencing", "token", "tokens",
            "storage", "rejects", "thirty", "three", "lease", "expired", "monotonic", "cooking", "soup"));
    private static final DrillCard CARD = new DrillCard("c", "Card", "concept", "Say it.", List.of(), 60,
            List.of(new RubricPoint("tokens rise", List.of("monoton", "fencing token"), 2, List.of()),
                    new RubricPoint("the storage checks", List.of("storage", "reject"), 2, List.of()),
                    new RubricPoint("the example", List.of("33"), 1, List.of()),
                    new RubricPoint("leases expire", List.of("lease expir"), 1, List.of())),
            "", List.of(), List.of());

    private static Transcript said(String text, double confidence) {
        List<Transcript.Word> words = new ArrayList<>();
        double t = 0;
        for (String w : text.split(" ")) {
            words.add(new Transcript.Word(w, t, t + 0.4, confidence));
            t += 0.5;
        }
        return new Transcript(words);
    }

    @Test
    void eachPointIsHeardWhereOneOfItsKeywordsWasFirstSaid() {
        Transcript transcript = said("the storage rejects the fencing tokens thirty three monotonic", 0.9);
        List<PointsHeard.Heard> heard = new PointsHeard(new SpokenKeywords(DICTIONARY)).judge(CARD, transcript);

        assertThat(heard).extracting(PointsHeard.Heard::heard).containsExactly(true, true, true, false);
        assertThat(heard.get(0).keyword()).isEqualTo("fencing token");
        assertThat(heard.get(0).atSeconds()).isEqualTo(2.0);
        assertThat(heard.get(1).keyword()).isEqualTo("storage");
        assertThat(heard.get(1).atSeconds()).isEqualTo(0.5);
        assertThat(heard.get(2).atSeconds()).isEqualTo(3.0);
        assertThat(SpokenAnswers.marks(heard)).containsExactly("heard at 0:02: “fencing token”",
                "heard at 0:00: “storage”", "heard at 0:03: “33”", null);
    }

    @Test
    void wordsTheRecognizerWasUnsureOfAreNotTakenAsSaid() {
        Transcript unsure = said("the storage rejects the fencing tokens", PointsHeard.MIN_CONFIDENCE / 2);
        assertThat(new PointsHeard(new SpokenKeywords(DICTIONARY)).judge(CARD, unsure))
                .noneMatch(PointsHeard.Heard::heard);
    }

    @Test
    void aPhraseMustBeSaidInARowAndOnlyItsLastWordMayBeAStem() {
        assertThat(PointsHeard.find(List.of("lease", "expir"), said("the lease expired", 1).words())).isEqualTo(1);
        assertThat(PointsHeard.find(List.of("lease", "expir"), said("lease the expired", 1).words())).isEqualTo(-1);
        assertThat(PointsHeard.find(List.of("lea", "expir"), said("lease expired", 1).words())).isEqualTo(-1);
        assertThat(PointsHeard.find(List.of("soup"), said("cooking", 1).words())).isEqualTo(-1);
    }
}
