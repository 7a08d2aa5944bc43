package dev.lockdrill.app;

import dev.lockdrill.catalog.Catalog;
import dev.lockdrill.catalog.KataManifest;
import dev.lockdrill.catalog.Workbook;
import dev.lockdrill.kata.Kata;
import dev.lockdrill.support.LockdrillException;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * For kata authors, like Rustlings' generated manifest: the parts of the READMEs that are derived
 * from the kata definitions — each kata's {@code ## Contract} section, from {@link Kata#contract()},
 * and the workbook README's kata table, from each {@code kata.yaml} in order — rewritten from them,
 * or (with {@link #stale()}) named where they drifted, without writing.
 */
public final class DevUpdate {
    /** One generated part of a file that differs from what the definitions say. */
    public record Drift(Path file, String section) {
    }

    private final Workbook workbook;
    private final List<Kata> katas;

    public DevUpdate(Workbook workbook, List<Kata> katas) {
        this.workbook = workbook;
        this.katas = List.copyOf(katas);
    }

    /** The kata table's heading row and rule, which the generated rows follow. */
    static final String KATA_TABLE = "| kata | you implement | faults the check injects |\n| --- | --- | --- |\n";
    static final String KATA_TABLE_SECTION = "## Katas";

    /** What {@link #write()} would change, changing nothing. */
    public List<Drift> stale() {
        List<Drift> drifts = new ArrayList<>();
        Path workbookReadme = workbook.root().resolve("README.md");
        if (Files.isRegularFile(workbookReadme)) {
            String text = read(workbookReadme);
            if (!text.equals(withKataTable(workbookReadme, text))) {
                drifts.add(new Drift(workbookReadme, KATA_TABLE_SECTION));
            }
        }
        for (Kata kata : katas) {
            Path readme = readme(kata);
            String text = read(readme);
            if (!text.equals(withContract(readme, text, kata))) {
                drifts.add(new Drift(readme, ContractSection.HEADING));
            }
        }
        return drifts;
    }

    /** Rewrites every generated part that drifted; returns what it rewrote. */
    public List<Drift> write() {
        List<Drift> drifts = stale();
        for (Drift drift : drifts) {
            if (drift.section().equals(KATA_TABLE_SECTION)) {
                writeString(drift.file(), withKataTable(drift.file(), read(drift.file())));
                continue;
            }
            Kata kata = katas.stream().filter(k -> readme(k).equals(drift.file())).findFirst().orElseThrow();
            writeString(drift.file(), withContract(drift.file(), read(drift.file()), kata));
        }
        return drifts;
    }

    private void writeString(Path file, String text) {
        try {
            Files.writeString(file, text);
        } catch (IOException e) {
            throw LockdrillException.usage("Cannot write " + relative(file) + ": " + e.getMessage() + ".");
        }
    }

    /** The workbook README with its kata table's rows replaced by one per kata.yaml, in the katas' order. */
    private String withKataTable(Path readme, String text) {
        int start = text.indexOf(KATA_TABLE);
        if (start < 0) {
            throw LockdrillException.usage(relative(readme) + " has no kata table (its heading row: "
                    + KATA_TABLE.lines().findFirst().orElseThrow() + "); restore it with `git checkout "
                    + relative(readme) + "`.");
        }
        int end = text.indexOf("\n\n", start);
        StringBuilder table = new StringBuilder(KATA_TABLE);
        for (KataManifest kata : new Catalog(workbook).katas()) {
            if (kata.implement() == null || kata.faults() == null) {
                throw LockdrillException.usage("katas/" + kata.id() + "/kata.yaml has no `implement:` or `faults:` "
                        + "line, the kata's row in the README's kata table; add both.");
            }
            table.append("| `").append(kata.id()).append("` | ").append(kata.implement().strip()).append(" | ")
                    .append(kata.faults().strip()).append(" |\n");
        }
        return text.substring(0, start) + table + (end < 0 ? "" : text.substring(end + 1));
    }

    /** The README with its Contract section replaced by the one the kata's definition gives. */
    private String withContract(Path readme, String text, Kata kata) {
        String heading = ContractSection.HEADING + "\n";
        int start = text.startsWith(heading) ? 0 : text.indexOf("\n" + heading) + 1;
        if (start == 0 && !text.startsWith(heading)) {
            throw LockdrillException.usage(relative(readme) + " has no '" + ContractSection.HEADING + "' section; add "
                    + "the heading where the contract belongs and run `lockdrill dev update` again.");
        }
        int next = text.indexOf("\n## ", start);
        String section = ContractSection.markdown(kata.contract(),
                kata.scenarios().stream().map(scenario -> scenario.name()).toList());
        if (next < 0) {
            return text.substring(0, start) + section.stripTrailing() + "\n";
        }
        return text.substring(0, start) + section + text.substring(next + 1);
    }

    public Path relative(Path file) {
        return workbook.root().relativize(file);
    }

    private Path readme(Kata kata) {
        return workbook.kata(kata.id()).resolve("README.md");
    }

    private String read(Path readme) {
        try {
            return Files.readString(readme);
        } catch (IOException e) {
            throw LockdrillException.usage("Cannot read " + relative(readme) + " (" + e.getMessage() + "); `git checkout "
                    + relative(readme) + "` restores it.");
        }
    }
}
