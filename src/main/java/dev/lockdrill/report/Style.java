package dev.lockdrill.report;

/** ANSI colour, or none (dumb terminals, pipes, --json, --no-color). */
public record Style(boolean color) {
    public String bold(String s) {
        return wrap("1", s);
    }

    public String red(String s) {
        return wrap("31", s);
    }

    public String green(String s) {
        return wrap("32", s);
    }

    public String yellow(String s) {
        return wrap("33", s);
    }

    public String dim(String s) {
        return wrap("2", s);
    }

    public String cyan(String s) {
        return wrap("36", s);
    }

    private String wrap(String code, String s) {
        return color ? "\u001b[" + code + "m" + s + "\u001b[0m" : s;
    }
}
