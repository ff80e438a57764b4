package storebench.run;

import org.junit.jupiter.api.Test;
import storebench.engine.EngineDescriptor;
import storebench.engine.Engines;
import storebench.engine.ObjectBoxEngine;
import storebench.engine.SqliteEngine;

import static org.assertj.core.api.Assertions.assertThat;

/** A process that holds stores open gets the heap they need, 2 GB at most: every page of it is touched at start. */
class HoldHeapTest {
    /** The heap of an engine that does not say what one open store keeps. */
    private static String holdHeap(int baseMb, int stores) {
        return TrialCommands.holdHeap(baseMb, stores, EngineDescriptor.DEFAULT_HEAP_KB_PER_OPEN_STORE);
    }

    @Test
    void aSmallRunsHoldingProcessGetsAHeapForItsStoresNotTwoGigabytes() {
        assertThat(holdHeap(TrialCommands.HEAP_MB, 20)).isEqualTo("296m");
        assertThat(holdHeap(TrialCommands.HEAP_MB, 100)).isEqualTo("456m");
        assertThat(holdHeap(TrialCommands.HEAP_MB, 0)).isEqualTo(TrialCommands.HEAP_MB + "m");
    }

    @Test
    void anEngineThatDoesNotSayWhatItKeepsGetsTwoGigabytesInTheDefaultRun() {
        assertThat(holdHeap(TrialCommands.HEAP_MB, 1_000)).as("M = 1,000").isEqualTo("2g");
        assertThat(holdHeap(TrialCommands.HEAP_MB, 20_000)).as("the capacity phase's default cap").isEqualTo("2g");
        assertThat(holdHeap(TrialCommands.HEAP_MB, 896)).isEqualTo("2g");
        assertThat(holdHeap(TrialCommands.HEAP_MB, 895)).isEqualTo("2046m");
    }

    @Test
    void aSmallerBaseHeapHoldsTheSameTwoMegabytesPerStore() {
        assertThat(holdHeap(64, 20)).isEqualTo("104m");
        assertThat(holdHeap(64, 0)).isEqualTo("64m");
        assertThat(holdHeap(64, 5_000)).isEqualTo("2g");
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
