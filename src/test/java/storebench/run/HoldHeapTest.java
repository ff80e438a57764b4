package storebench.run;

import org.junit.jupiter.api.Test;
import storebench.engine.Engines;
import storebench.engine.ObjectBoxEngine;
import storebench.engine.SqliteEngine;

import static org.assertj.core.api.Assertions.assertThat;

/** A process that holds stores open gets the heap they need, 2 GB at most: every page of it is touched at start. */
class HoldHeapTest {
    @Test
    void aSmallRunsHoldingProcessGetsAHeapForItsStoresNotTwoGigabytes() {
        assertThat(TrialCommands.holdHeap(20)).isEqualTo("296m");
        assertThat(TrialCommands.holdHeap(100)).isEqualTo("456m");
        assertThat(TrialCommands.holdHeap(0)).isEqualTo(TrialCommands.HEAP);
    }

    @Test
    void anEngineThatDoesNotSayWhatItKeepsGetsTwoGigabytesInTheDefaultRun() {
        assertThat(TrialCommands.holdHeap(1_000)).as("M = 1,000").isEqualTo("2g");
        assertThat(TrialCommands.holdHeap(20_000)).as("the capacity phase's default cap").isEqualTo("2g");
        assertThat(TrialCommands.holdHeap(896)).isEqualTo("2g");
        assertThat(TrialCommands.holdHeap(895)).isEqualTo("2046m");
    }

    @Test
    void aSmallerBaseHeapHoldsTheSameTwoMegabytesPerStore() {
        assertThat(TrialCommands.holdHeap(64, 20)).isEqualTo("104m");
        assertThat(TrialCommands.holdHeap(64, 0)).isEqualTo("64m");
        assertThat(TrialCommands.holdHeap(64, 5_000)).isEqualTo("2g");
    }

    @Test
    void anEngineThatSaysWhatOneOpenStoreKeepsGetsTwiceThatPerStoreOverTheBase() {
        assertThat(TrialCommands.holdHeap(256, 1_000, ObjectBoxEngine.SYNC_EVERY_OPEN.heapKbPerOpenStore()))
                .as("ObjectBox, M = 1,000").isEqualTo("264m");
        assertThat(TrialCommands.holdHeap(256, 20_000, SqliteEngine.DESCRIPTOR.heapKbPerOpenStore()))
                .as("SQLite, the capacity phase's default cap").isEqualTo("335m");
        assertThat(TrialCommands.holdHeap(256, 1_000, Engines.of("h2").heapKbPerOpenStore()))
                .as("H2 does not say: 1 MB per store, twice").isEqualTo("2g");
        assertThat(Engines.of("xodus").heapKbPerOpenStore()).as("Xodus' log cache is half the heap, whatever it is")
                .isEqualTo(1024);
    }
}
