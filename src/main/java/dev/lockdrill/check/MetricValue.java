package dev.lockdrill.check;

/** One measured figure of a run, and which direction is better. */
public record MetricValue(String name, double value, String unit, boolean higherIsBetter) {
}
