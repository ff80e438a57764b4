package storebench.phase;

import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

class SteadyStateTest {
    /** Issue 24's trap: H2 under JMH, the mean of each 2-second iteration (about 500 visits), ms. */
    private static final double[] H2_ITERATIONS = {16.0, 10.0, 12.2, 8.9, 10.9, 7.4, 7.1, 6.5, 5.5, 4.3, 4.2, 3.8, 3.0,
            3.4, 3.1, 3.2, 3.2, 3.0};

    /** The windows of {@code windows}, with no JIT time reported (the Node worker's case). */
    private static int settlesAfter(List<Double> windows) {
        for (int j = 1; j <= windows.size(); j++) {
            List<Double> seen = windows.subList(0, j);
            if (SteadyState.settled(SteadyState.windows(seen, List.of(), Collections.nCopies(j, 10.0)))) {
                return j;
            }
        }
        return -1;
    }

    @Test
    void aSlowDriftIsNotAPlateau() {
        // each JMH iteration as five windows of 100 visits, the last value held on as a plateau
        List<Double> windows = new ArrayList<>();
        for (double mean : H2_ITERATIONS) {
            windows.addAll(Collections.nCopies(5, mean));
        }
        windows.addAll(Collections.nCopies(30, 3.1));
        int j = settlesAfter(windows);
        assertThat(j).as("settled after window %d", j).isPositive();
        assertThat(windows.get(j - 1)).as("the figure where it stopped, ms (steady state 3.0-3.2)").isLessThanOrEqualTo(3.2);
        // "the last two windows within 2%" would have stopped at 4.3/4.2 ms, iterations 10 and 11
        assertThat(j).isGreaterThan(11 * 5);
    }

    @Test
    void twoNeighbouringBlocksWithinTheToleranceAreNotEnoughWhileTheFigureStillFalls() {
        // each block 2.5% below the one before: neighbours pass, the block two back does not
        List<Double> windows = new ArrayList<>();
        double m = 1.0;
        for (int block = 0; block < 6; block++) {
            windows.addAll(Collections.nCopies(SteadyState.BLOCK, m));
            m *= 0.975;
        }
        assertThat(settlesAfter(windows)).isEqualTo(-1);
    }

    @Test
    void aFlatSeriesSettlesAsSoonAsThreeBlocksAreSeen() {
        List<Double> windows = new ArrayList<>(Collections.nCopies(40, 0.30));
        assertThat(settlesAfter(windows)).isEqualTo(SteadyState.minWindows());
    }

    @Test
    void noisyWindowsAroundAPlateauSettleOnTheirBlocksMedians() {
        List<Double> windows = new ArrayList<>();
        java.util.Random random = new java.util.Random(7);
        for (int j = 0; j < 40; j++) {
            windows.add(0.30 * (1 + 0.08 * (random.nextDouble() - 0.5))); // ±4% window to window
        }
        int j = settlesAfter(windows);
        assertThat(j).isBetween(SteadyState.minWindows(), 25);
    }

    @Test
    void aJvmStillCompilingIsNotSettledEvenOnAFlatFigure() {
        int j = SteadyState.minWindows();
        List<Double> medians = Collections.nCopies(j, 0.30);
        List<Double> wall = Collections.nCopies(j, 30.0); // 30 ms per window
        List<Double> compiling = new ArrayList<>(Collections.nCopies(j, 0.0));
        compiling.set(j - 1, 20.0); // 20 ms of 150 ms in the last block: 13%
        assertThat(SteadyState.settled(SteadyState.windows(medians, compiling, wall))).isFalse();
        compiling.set(j - 1, 9.0); // 6%: what a JVM whose figure is flat still compiles in 100-visit windows
        assertThat(SteadyState.settled(SteadyState.windows(medians, compiling, wall))).isTrue();
        compiling.set(j - SteadyState.BLOCK - 1, 50.0); // compiling before the last block does not count
        assertThat(SteadyState.settled(SteadyState.windows(medians, compiling, wall))).isTrue();
    }

    @Test
    void aStepInTheLastWindowsIsAChangeNotNoise() {
        // Node's SQLite in one process of 2026-12-02: 1.26 ms for 1,400 visits, then 0.30
        List<Double> windows = new ArrayList<>(Collections.nCopies(15, 1.26));
        assertThat(SteadyState.settled(SteadyState.windows(windows, List.of(), Collections.nCopies(15, 10.0)))).isTrue();
        windows.addAll(List.of(0.302, 0.310));
        assertThat(SteadyState.settled(SteadyState.windows(windows, List.of(), Collections.nCopies(17, 10.0)))).as("the block's median is"
                + " still 1.26, but two of its windows read 0.30").isFalse();
        windows.addAll(Collections.nCopies(15, 0.30));
        // the first block in which the new speed is the median and the two after it: windows 14-18, 19-23, 24-28
        int again = -1;
        for (int j = 18; j <= windows.size() && again < 0; j++) {
            if (SteadyState.settled(SteadyState.windows(windows.subList(0, j), List.of(), Collections.nCopies(j, 10.0)))) {
                again = j;
            }
        }
        assertThat(again).isEqualTo(29);
    }

    @Test
    void aKeptProcessBackAtItsSettledLevelResumesAfterOneBlockAndOnlyThere() {
        List<Double> back = new ArrayList<>(Collections.nCopies(SteadyState.BLOCK, 0.302));
        List<Double> wall = Collections.nCopies(SteadyState.BLOCK, 10.0);
        assertThat(SteadyState.resumed(SteadyState.windows(back.subList(0, SteadyState.BLOCK - 1), List.of(), wall), 0.30))
                .as("fewer windows than a block").isFalse();
        assertThat(SteadyState.resumed(SteadyState.windows(back, List.of(), wall), 0.30)).isTrue();
        assertThat(SteadyState.resumed(SteadyState.windows(back, List.of(), wall), 0.28)).as("7% from the level it settled at").isFalse();
        List<Double> stepping = new ArrayList<>(back);
        stepping.set(SteadyState.BLOCK - 1, 0.36);
        assertThat(SteadyState.resumed(SteadyState.windows(stepping, List.of(), wall), 0.30)).as("a window 19% off the block").isFalse();
        assertThat(SteadyState.resumed(SteadyState.windows(back, Collections.nCopies(SteadyState.BLOCK, 2.0), wall), 0.30))
                .as("the JIT compiling for 20% of the block").isFalse();
        // Xodus' cold warm-up of docs/runs/1000/default-1344bc8 that had settled at 2.37 ms: its first block's median is
        // back within 3%, but its first windows step from 1.93 to 2.53 ms; one block's noise does not widen the 10%
        List<Double> xodus = List.of(1.93, 2.17, 2.53, 2.41, 2.46);
        assertThat(SteadyState.noise(xodus)).isZero();
        assertThat(SteadyState.resumed(SteadyState.windows(xodus, List.of(), wall), 2.369)).isFalse();
    }

    /** DuckDB's second open-run warm-up of docs/runs/1000/default-1344bc8, its first 30 windows (ms): no trend. */
    private static final List<Double> DUCKDB_WINDOWS = List.of(21.416, 21.9775, 22.1428, 22.1192, 20.3119, 19.5305,
            21.286, 20.6029, 21.054, 20.2401, 20.0802, 20.8407, 22.6641, 23.3473, 23.2465, 22.5346, 21.8872, 23.5793,
            24.7457, 22.9658, 22.97, 21.013, 20.4396, 21.5196, 21.8266, 21.6162, 22.57, 20.7866, 22.3351, 22.3206);

    @Test
    void windowsThatWanderAroundAFlatLevelSettleOnTolerancesWidenedByTheirNoise() {
        // the fixed 3% and 10% never called this warm-up settled: it made all 5,000 visits
        int j = settlesAfter(DUCKDB_WINDOWS);
        assertThat(j).as("settled after window %d", j).isBetween(SteadyState.minWindows(), DUCKDB_WINDOWS.size());
        double noise = SteadyState.noise(DUCKDB_WINDOWS.subList(0, j));
        assertThat(noise).as("the windows' noise where it stopped").isBetween(0.02, 0.08);
        assertThat(SteadyState.tolerance(noise)).isGreaterThan(SteadyState.TOLERANCE);
        // where it stopped, its level is that of the whole warm-up's 50 windows (21.8 ms) within the widened tolerance
        assertThat(SteadyState.lastBlock(DUCKDB_WINDOWS.subList(0, j)) / 21.8 - 1)
                .isBetween(-SteadyState.MOST_TOLERANCE, SteadyState.MOST_TOLERANCE);
    }

    @Test
    void quietWindowsKeepTheFixedTolerancesAndNoNoiseWidensThemPastTheirMost() {
        assertThat(SteadyState.noise(Collections.nCopies(15, 0.3))).isZero();
        assertThat(SteadyState.tolerance(0.005)).isEqualTo(SteadyState.TOLERANCE);
        assertThat(SteadyState.windowTolerance(0.005)).isEqualTo(SteadyState.WINDOW_TOLERANCE);
        assertThat(SteadyState.tolerance(0.03)).isStrictlyBetween(SteadyState.TOLERANCE, SteadyState.MOST_TOLERANCE);
        assertThat(SteadyState.tolerance(0.5)).isEqualTo(SteadyState.MOST_TOLERANCE);
        assertThat(SteadyState.windowTolerance(0.5)).isEqualTo(SteadyState.MOST_WINDOW_TOLERANCE);
    }

    @Test
    void noiseDoesNotHideADriftOfMoreThanTheMostTolerance() {
        // ±8% window to window (a noise of about 4.6%: tolerance 6%), and 6% faster per block: 12% over the three
        // blocks the rule compares (a drift of 4% per block it cannot tell from noise of this size, nor can anyone)
        List<Double> windows = new ArrayList<>();
        java.util.Random random = new java.util.Random(11);
        double level = 30;
        for (int block = 0; block < 8; block++) {
            for (int w = 0; w < SteadyState.BLOCK; w++) {
                windows.add(level * (1 + 0.16 * (random.nextDouble() - 0.5)));
            }
            level *= 0.94;
        }
        assertThat(settlesAfter(windows)).isEqualTo(-1);
    }

    @Test
    void aDriftBetweenBlocksIsNotCountedAsNoise() {
        // each block flat, 10% below the one before: no noise within the blocks
        List<Double> windows = new ArrayList<>();
        for (int block = 0; block < 3; block++) {
            windows.addAll(Collections.nCopies(SteadyState.BLOCK, 1.0 - 0.1 * block));
        }
        assertThat(SteadyState.noise(windows)).isZero();
    }
}
