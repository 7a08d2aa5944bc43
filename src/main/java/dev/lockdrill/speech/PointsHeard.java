package dev.lockdrill.speech;

import dev.lockdrill.drill.DrillCard;
import dev.lockdrill.drill.RubricPoint;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * Which rubric points a transcript shows were said: a point is heard when one of its keywords, said
 * as words ({@link SpokenKeywords}), appears among the words the recognizer was sure enough of; it
 * is heard where that keyword was first said. Only a hint beside the self-grade: the learner still
 * decides whether the point was made.
 */
public final class PointsHeard {
    /**
     * The posterior below which a recognized word is not taken as said. The recognizer maps even
     * unrelated speech onto the deck's words, mostly with low posteriors; bench/speech.sh measured
     * the trade-off.
     */
    public static final double MIN_CONFIDENCE = 0.3;

    /** Whether one rubric point was heard, with the keyword and the second it was first said at. */
    public record Heard(int point, String keyword, Double atSeconds) {
        public boolean heard() {
            return keyword != null;
        }
    }

    private final SpokenKeywords spoken;

    public PointsHeard(SpokenKeywords spoken) {
        this.spoken = spoken;
    }

    /** For each rubric point of {@code card}, in order, whether and where {@code transcript} shows it said. */
    public List<Heard> judge(DrillCard card, Transcript transcript) {
        List<Transcript.Word> words = transcript.words().stream()
                .filter(w -> w.confidence() >= MIN_CONFIDENCE).toList();
        List<Heard> heard = new ArrayList<>();
        for (int i = 0; i < card.rubric().size(); i++) {
            heard.add(first(i, card.rubric().get(i), words));
        }
        return heard;
    }

    private Heard first(int index, RubricPoint point, List<Transcript.Word> words) {
        Heard earliest = new Heard(index, null, null);
        for (String keyword : point.keywords()) {
            Optional<List<String>> said = spoken.spoken(keyword);
            if (said.isEmpty()) {
                continue;
            }
            int at = find(said.get(), words);
            if (at >= 0 && (earliest.atSeconds() == null || words.get(at).start() < earliest.atSeconds())) {
                earliest = new Heard(index, keyword, words.get(at).start());
            }
        }
        return earliest;
    }

    /** Where {@code tokens} were said in a row (the last may be a stem of the word heard); -1 if nowhere. */
    static int find(List<String> tokens, List<Transcript.Word> words) {
        for (int start = 0; start + tokens.size() <= words.size(); start++) {
            boolean match = true;
            for (int j = 0; j < tokens.size() && match; j++) {
                String word = words.get(start + j).text();
                String token = tokens.get(j);
                match = j == tokens.size() - 1 ? word.startsWith(token) : word.equals(token);
            }
            if (match) {
                return start;
            }
        }
        return -1;
    }
}
