package dev.lockdrill.speech;

import dev.lockdrill.drill.DrillCard;
import dev.lockdrill.drill.RubricPoint;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * The language model the recognizer decodes answers with: which words, and which word after which,
 * to expect. PocketSphinx's general English model turns a technical answer into noise ("fencing
 * token" heard as "al-qaeda the little"); a bigram model of the whole deck's prompts, answers and
 * rubric points, mixed with the most common English words so that talk off the topic has somewhere
 * else to go, makes the terms of the topic hearable. Written as an ARPA file, cached by its content.
 */
public final class DeckLanguageModel {
    /** The share of single-word probability given to the deck's words; the rest goes to common English. */
    static final double DECK_SHARE = 0.7;
    /** Absolute discounting of seen word pairs, the mass left for backing off to single words. */
    static final double DISCOUNT = 0.5;
    private static final String START = "<s>";
    private static final String END = "</s>";

    private DeckLanguageModel() {
    }

    /** The model for {@code cards} in {@code cacheDir}, written there the first time. */
    public static Path of(List<DrillCard> cards, Pronunciations dictionary, Path cacheDir) throws IOException {
        List<List<String>> sentences = sentences(cards, dictionary);
        List<String> common = commonWords(dictionary);
        String arpa = arpa(sentences, common);
        Path file = cacheDir.resolve("deck-" + sha256(arpa).substring(0, 16) + ".lm");
        if (!Files.isRegularFile(file)) {
            Files.createDirectories(cacheDir);
            Path temp = Files.createTempFile(cacheDir, "deck", ".tmp");
            Files.writeString(temp, arpa, StandardCharsets.UTF_8);
            Files.move(temp, file, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
        }
        return file;
    }

    /** Every sentence of the deck, as hearable words: prompts, spoken cores, answers, rubric points, follow-ups, keywords. */
    static List<List<String>> sentences(List<DrillCard> cards, Pronunciations dictionary) {
        SpokenKeywords spoken = new SpokenKeywords(dictionary);
        List<List<String>> sentences = new ArrayList<>();
        for (DrillCard card : cards) {
            List<String> texts = new ArrayList<>();
            texts.add(card.title());
            texts.add(card.prompt());
            texts.add(card.core());
            texts.add(card.modelAnswer());
            texts.addAll(card.followUps());
            for (RubricPoint point : card.rubric()) {
                texts.add(point.point());
                for (String keyword : point.keywords()) {
                    spoken.spoken(keyword).filter(words -> words.stream().allMatch(dictionary::has))
                            .ifPresent(sentences::add);
                }
            }
            for (String text : texts) {
                if (text == null) {
                    continue;
                }
                for (String sentence : text.toLowerCase(Locale.ROOT).split("[.;:!?\\n()\"]+")) {
                    List<String> words = new ArrayList<>();
                    for (String token : sentence.split("[^\\p{L}\\p{N}']+")) {
                        String word = token.replaceAll("^'+|'+$", "");
                        if (word.isEmpty()) {
                            continue;
                        }
                        if (dictionary.has(word)) {
                            words.add(word);
                        } else {
                            spoken.spoken(word).filter(said -> said.stream().allMatch(dictionary::has))
                                    .ifPresent(words::addAll);
                        }
                    }
                    if (!words.isEmpty()) {
                        sentences.add(words);
                    }
                }
            }
        }
        return sentences;
    }

    /** The common English words shipped with lockdrill that the dictionary has, most frequent first. */
    static List<String> commonWords(Pronunciations dictionary) throws IOException {
        try (InputStream in = DeckLanguageModel.class.getResourceAsStream("common-words.txt")) {
            if (in == null) {
                throw new IOException("common-words.txt is missing from lockdrill's jar");
            }
            return new String(in.readAllBytes(), StandardCharsets.UTF_8).lines().map(String::strip)
                    .filter(w -> !w.isEmpty() && !w.startsWith("#") && dictionary.has(w)).toList();
        }
    }

    /**
     * A bigram model in ARPA format. Single words: the deck's counts (smoothed) mixed with a Zipf
     * distribution over the common words. Pairs: the deck's, discounted, backing off to single words.
     */
    static String arpa(List<List<String>> sentences, List<String> common) {
        Map<String, Integer> unigrams = new LinkedHashMap<>();
        Map<String, Map<String, Integer>> bigrams = new LinkedHashMap<>();
        int total = 0;
        for (List<String> sentence : sentences) {
            List<String> padded = new ArrayList<>();
            padded.add(START);
            padded.addAll(sentence);
            padded.add(END);
            for (int i = 0; i < padded.size(); i++) {
                if (i > 0) {
                    // <s> only opens a sentence, it is never heard: it takes no single-word probability
                    unigrams.merge(padded.get(i), 1, Integer::sum);
                    total++;
                    bigrams.computeIfAbsent(padded.get(i - 1), k -> new LinkedHashMap<>())
                            .merge(padded.get(i), 1, Integer::sum);
                }
            }
        }
        Set<String> vocabulary = new LinkedHashSet<>();
        vocabulary.add(START);
        vocabulary.addAll(unigrams.keySet());
        vocabulary.addAll(common);
        double harmonic = 0;
        for (int rank = 1; rank <= common.size(); rank++) {
            harmonic += 1.0 / rank;
        }
        Map<String, Double> commonShare = new HashMap<>();
        for (int rank = 1; rank <= common.size(); rank++) {
            commonShare.putIfAbsent(common.get(rank - 1), (1.0 / rank) / harmonic);
        }
        double smoothing = 0.5;
        Map<String, Double> unigram = new LinkedHashMap<>();
        for (String word : vocabulary) {
            if (word.equals(START)) {
                continue;
            }
            double deck = (unigrams.getOrDefault(word, 0) + (unigrams.containsKey(word) ? smoothing : 0))
                    / (total + smoothing * unigrams.size());
            double share = common.isEmpty() ? deck : DECK_SHARE * deck
                    + (1 - DECK_SHARE) * commonShare.getOrDefault(word, 0.0);
            unigram.put(word, share);
        }
        StringBuilder pairs = new StringBuilder();
        Map<String, Double> backoff = new HashMap<>();
        int pairCount = 0;
        for (Map.Entry<String, Map<String, Integer>> first : bigrams.entrySet()) {
            int seen = first.getValue().values().stream().mapToInt(Integer::intValue).sum();
            double covered = 0;
            for (Map.Entry<String, Integer> second : first.getValue().entrySet()) {
                double p = (second.getValue() - DISCOUNT) / seen;
                pairs.append(String.format(Locale.ROOT, "%.4f %s %s%n", Math.log10(p), first.getKey(),
                        second.getKey()));
                covered += unigram.get(second.getKey());
                pairCount++;
            }
            double left = DISCOUNT * first.getValue().size() / seen;
            backoff.put(first.getKey(), left / Math.max(1e-9, 1 - covered));
        }
        StringBuilder arpa = new StringBuilder();
        arpa.append("\\data\\\n").append("ngram 1=").append(vocabulary.size()).append('\n')
                .append("ngram 2=").append(pairCount).append("\n\n\\1-grams:\n");
        for (String word : vocabulary) {
            double p = word.equals(START) ? -99 : Math.log10(unigram.get(word));
            arpa.append(String.format(Locale.ROOT, "%.4f %s %.4f%n", p, word,
                    Math.log10(backoff.getOrDefault(word, 1.0))));
        }
        arpa.append("\n\\2-grams:\n").append(pairs).append("\n\\end\\\n");
        return arpa.toString();
    }

    private static String sha256(String text) {
        try {
            return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256")
                    .digest(text.getBytes(StandardCharsets.UTF_8)));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("SHA-256 is missing from this JVM", e);
        }
    }
}
