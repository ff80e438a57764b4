package storebench.measure;

import org.HdrHistogram.EncodableHistogram;
import org.HdrHistogram.HistogramLogReader;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** The HdrHistogram logs put each run at its real start time, with its real duration. */
class HdrLogsTest {
    @TempDir
    Path dir;

    @Test
    void intervalsCarryTheRunsRealStartTimesAndDurationsInOrder() throws Exception {
        long now = System.currentTimeMillis();
        List<HdrLogs.Interval> runs = List.of(
                HdrLogs.interval(Latency.histogram(new long[] {1_000, 2_000}), "run-1", now - 60_000, 12_345_678_900L),
                HdrLogs.interval(Latency.histogram(new long[] {3_000}), "run-2", now - 30_000, 9_000_000_000L));
        Path log = new HdrLogs(dir).write("sqlite", "default", "openrun-oqc", runs);

        HistogramLogReader reader = new HistogramLogReader(log.toFile());
        List<EncodableHistogram> read = new ArrayList<>();
        for (EncodableHistogram h = reader.nextIntervalHistogram(); h != null; h = reader.nextIntervalHistogram()) {
            read.add(h);
        }
        assertThat(read).hasSize(2);
        assertThat(reader.getStartTimeSec()).isEqualTo((now - 60_000) / 1000.0);
        assertThat(read.get(0).getTag()).isEqualTo("run-1");
        assertThat(read.get(0).getStartTimeStamp()).isEqualTo(now - 60_000);
        // the log keeps milliseconds as decimal seconds; the reader may round the last one down
        assertThat(read.get(0).getEndTimeStamp() - read.get(0).getStartTimeStamp()).isBetween(12_345L, 12_346L);
        assertThat(read.get(1).getStartTimeStamp()).isEqualTo(now - 30_000)
                .isGreaterThan(read.get(0).getEndTimeStamp());
        assertThat(read.get(1).getEndTimeStamp() - read.get(1).getStartTimeStamp()).isBetween(8_999L, 9_000L);
    }

    @Test
    void anIntervalWithoutAStartTimeIsRefused() {
        assertThatThrownBy(() -> HdrLogs.interval(Latency.histogram(new long[] {1}), "run-1", 0, 1_000))
                .hasMessageContaining("run-1").hasMessageContaining("no start time");
    }
}
