package storebench.trial;

import org.junit.jupiter.api.Test;

import java.io.FileNotFoundException;
import java.io.UncheckedIOException;

import static org.assertj.core.api.Assertions.assertThat;

/** A capacity loop's failure keeps its causes: an engine may wrap the system's error (EMFILE) in its own. */
class PhaseLoopsTest {
    @Test
    void aFailureIsDescribedWithItsCauses() {
        FileNotFoundException emfile = new FileNotFoundException("/r/store-9970/00000000000.xd (Too many open files)");
        RuntimeException wrapped = new IllegalStateException("Can't init meta tree in log",
                new UncheckedIOException("opening the log", emfile));
        assertThat(PhaseLoops.describe(wrapped)).isEqualTo("IllegalStateException: Can't init meta tree in log;"
                + " cause: UncheckedIOException: opening the log; cause: FileNotFoundException: /r/store-9970/"
                + "00000000000.xd (Too many open files)");
        assertThat(PhaseLoops.describe(new IllegalStateException("alone"))).isEqualTo("IllegalStateException: alone");
    }
}
