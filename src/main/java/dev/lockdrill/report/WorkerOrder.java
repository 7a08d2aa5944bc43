package dev.lockdrill.report;

import java.util.Comparator;

/** Orders worker names as a person would: worker-2 before worker-10. */
final class WorkerOrder {
    static final Comparator<String> NATURAL = Comparator.comparing(WorkerOrder::prefix)
            .thenComparingLong(WorkerOrder::number).thenComparing(Comparator.naturalOrder());

    private WorkerOrder() {
    }

    private static String prefix(String name) {
        return name.substring(0, digitsStart(name));
    }

    private static long number(String name) {
        int start = digitsStart(name);
        String digits = name.substring(start);
        return digits.isEmpty() || digits.length() > 18 ? -1 : Long.parseLong(digits);
    }

    private static int digitsStart(String name) {
        int i = name.length();
        while (i > 0 && Character.isDigit(name.charAt(i - 1))) {
            i--;
        }
        return i;
    }
}
