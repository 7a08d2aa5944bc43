package dev.lockdrill.cli;

import dev.lockdrill.catalog.Workbook;
import dev.lockdrill.drill.DrillCatalog;

import java.util.Iterator;
import java.util.List;

/** Drill ids for tab completion (empty when no workbook is found). */
public final class DrillIds implements Iterable<String> {
    @Override
    public Iterator<String> iterator() {
        try {
            return new DrillCatalog(Workbook.locate().drills()).ids().iterator();
        } catch (RuntimeException e) {
            return List.<String>of().iterator();
        }
    }
}
