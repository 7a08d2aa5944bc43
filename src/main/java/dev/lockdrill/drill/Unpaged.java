package dev.lockdrill.drill;

import java.io.PrintWriter;

/** A console that prints every screen as it comes, never through a pager ({@code --no-pager}). */
record Unpaged(DrillConsole console) implements DrillConsole {
    @Override
    public PrintWriter out() {
        return console.out();
    }

    @Override
    public String readLine(String prompt) {
        return console.readLine(prompt);
    }

    @Override
    public int readKey(long timeoutMillis) {
        return console.readKey(timeoutMillis);
    }

    @Override
    public void keys(boolean on) {
        console.keys(on);
    }

    @Override
    public boolean singleKeys() {
        return console.singleKeys();
    }

    @Override
    public boolean hasStatusLine() {
        return console.hasStatusLine();
    }

    @Override
    public void status(String text) {
        console.status(text);
    }

    @Override
    public void clearStatus() {
        console.clearStatus();
    }

    @Override
    public boolean color() {
        return console.color();
    }

    @Override
    public int width() {
        return console.width();
    }
}
