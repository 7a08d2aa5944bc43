package dev.lockdrill.drill;

import org.junit.jupiter.api.Test;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.ArrayList;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/** --no-pager in a drill: the model answer is printed where it is, never handed to the terminal's pager. */
class UnpagedTest {
    @Test
    void withoutThePagerAScreenIsPrintedAndEverythingElseIsTheConsoles() {
        StringWriter printed = new StringWriter();
        List<String> paged = new ArrayList<>();
        DrillConsole terminal = new DrillConsole() {
            private final PrintWriter out = new PrintWriter(printed, true);

            public PrintWriter out() {
                return out;
            }

            public String readLine(String prompt) {
                return "typed";
            }

            public int readKey(long timeoutMillis) {
                return 'y';
            }

            public void keys(boolean on) {
            }

            public boolean singleKeys() {
                return true;
            }

            public boolean hasStatusLine() {
                return true;
            }

            public void status(String text) {
            }

            public void clearStatus() {
            }

            public boolean color() {
                return true;
            }

            public void page(String screen) {
                paged.add(screen);
            }

            public int width() {
                return 97;
            }
        };

        terminal.page("through the pager\n");
        DrillConsole unpaged = terminal.withoutPager();
        unpaged.page("Model answer\n");

        assertThat(paged).containsExactly("through the pager\n");
        assertThat(printed.toString()).isEqualTo("Model answer\n");
        assertThat(unpaged.width()).isEqualTo(97);
        assertThat(unpaged.singleKeys()).isTrue();
        assertThat(unpaged.readLine("? ")).isEqualTo("typed");
        assertThat(unpaged.readKey(10)).isEqualTo('y');
    }
}
