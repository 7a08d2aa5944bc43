package dev.lockdrill.cli;

import dev.lockdrill.catalog.Catalog;
import dev.lockdrill.catalog.Workbook;

import java.util.Iterator;
import java.util.List;

/** Kata ids for tab completion (empty when no workbook is found). */
public final class KataIds implements Iterable<String> {
    @Override
    public Iterator<String> iterator() {
        try {
            return new Catalog(Workbook.locate()).ids().iterator();
        } catch (RuntimeException e) {
            return List.<String>of().iterator();
        }
    }
}
