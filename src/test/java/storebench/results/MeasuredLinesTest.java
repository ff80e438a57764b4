package storebench.results;

import com.fasterxml.jackson.databind.JsonNode;
import org.junit.jupiter.api.Test;


import static org.assertj.core.api.Assertions.assertThat;

/** The lines the report's "What was measured" reads, as kept runs wrote them and with their fields missing. */
class MeasuredLinesTest {
    private static final Column SQLITE = new Column("sqlite", "default");

    static JsonNode line(String json) throws Exception {
        return ResultsFile.JSON.readTree(json.replace('\'', '"'));
    }

    @Test
    void diskAndPoolLinesReadTheirColumnAndFigures() throws Exception {
        assertThat(DiskLine.of(line("{'kind':'disk','engine':'sqlite','setting':'default','stores':1000,"
                + "'totalBytes':4423680000,'walBytesMedian':12288.0,'bytesMedian':442368.0,'source':1}")))
                .isEqualTo(new DiskLine(SQLITE, 4_423_680_000L, 442368.0, 12288.0));
        assertThat(PoolLine.of(line("{'kind':'pool','engine':'sqlite','setting':'default','created':600,"
                + "'reused':400}"))).isEqualTo(new PoolLine(SQLITE, 600, 400, java.util.List.of()));
        assertThat(PoolLine.of(line("{'kind':'pool','engine':'sqlite','setting':'tuned','created':5,'reused':0,"
                + "'notReused':['nothing to reuse']}")).notReused()).containsExactly("nothing to reuse");
        PoolLine pool = new PoolLine(SQLITE, 3, 2, java.util.List.of());
        assertThat(PoolLine.of(ResultsFile.with(ResultsFile.line(PoolLine.KIND), pool))).as("written as read")
                .isEqualTo(pool);
    }

    @Test
    void aResampleLineSaysTheRunsOrWhyTheAddedOneFailed() throws Exception {
        ResampleLine added = ResampleLine.of(line("{'kind':'resample','engine':'sqlite','setting':'default',"
                + "'runs':4,'added':1}"));
        ResampleLine failed = ResampleLine.of(line("{'kind':'resample','engine':'sqlite','setting':'default',"
                + "'runs':3,'added':0,'failed':'open run 4 failed: boom\\nstderr: last line'}"));

        assertThat(added.runs()).isEqualTo(4);
        assertThat(added.failed()).isNull();
        assertThat(failed.firstLineOfFailure()).contains("open run 4 failed: boom");
    }

    @Test
    void anEndLineOfAMergedRunSaysHowManyItWasMadeOf() throws Exception {
        assertThat(EndLine.of(line("{'kind':'end','wallMs':1760107,'at':'2026-12-03T12:27:17Z'}")))
                .isEqualTo(new EndLine(1_760_107, null));
        assertThat(EndLine.of(line("{'kind':'end','wallMs':17056838,'merged':8}")))
                .isEqualTo(new EndLine(17_056_838, 8));
        EndLine merged = new EndLine(1500, 2);
        assertThat(EndLine.of(merged.line())).as("written as read").isEqualTo(merged);
        assertThat(merged.merged()).hasValue(2);
        assertThat(new EndLine(1500, null).line().has("merged")).isFalse();
    }

    @Test
    void aStatusLineIsReadAsItIsWrittenWithOrWithoutATrial() throws Exception {
        StatusLine failed = new StatusLine(SQLITE, StatusLine.FAILED, "read", "read failed: boom",
                java.util.Map.of("read_ms", line("{'unit':'ms'}")));
        assertThat(StatusLine.of(ResultsFile.with(ResultsFile.line(StatusLine.KIND), failed))).isEqualTo(failed);
        assertThat(failed.phase()).contains("read");

        JsonNode interrupted = ResultsFile.with(ResultsFile.line(StatusLine.KIND), new StatusLine(null,
                StatusLine.INTERRUPTED, null, "stopped", null));
        assertThat(interrupted.has("engine")).as("a line of no trial names none").isFalse();
        assertThat(interrupted.has("phase")).isFalse();
        StatusLine read = StatusLine.of(interrupted);
        assertThat(read.column()).isEqualTo(new Column("", ""));
        assertThat(read.phase()).isEmpty();
        assertThat(read.stats()).isEmpty();
    }

    @Test
    void aSampledRunReadsItsIntervalAndTarget() throws Exception {
        SampleLine sized = SampleLine.of(line("{'kind':'phase','engine':'sqlite','setting':'default',"
                + "'op':'readrun','run':1,'sample':300,'sampleHalfWidth':0.0079,'sampleTarget':0.02}"));
        SampleLine whole = SampleLine.of(line("{'kind':'phase','engine':'sqlite','setting':'default',"
                + "'op':'readrun','phase':'read','run':1,'sample':1000,'sampleHalfWidth':0.012}"));
        SampleLine none = SampleLine.of(line("{'kind':'phase','engine':'sqlite','setting':'default',"
                + "'op':'openrun','run':1,'visited':1000}"));

        assertThat(sized).isEqualTo(new SampleLine(SQLITE, "readrun", 1, 300, 0.0079, 0.02));
        assertThat(whole.op()).isEqualTo("readrun");
        assertThat(whole.target()).isNull();
        assertThat(whole.sampled()).isTrue();
        assertThat(none.sampled()).isFalse();
    }

    @Test
    void aSampledRunsLineIsWrittenAsItIsRead() {
        SampleLine sized = new SampleLine(SQLITE, "readrun", 1, 300, 0.0079, 0.02);
        SampleLine unsampled = new SampleLine(SQLITE, "openrun", 2, null, null, null);

        assertThat(SampleLine.of(ResultsFile.with(ResultsFile.line("phase"), sized))).isEqualTo(sized);
        assertThat(ResultsFile.with(ResultsFile.line("phase"), unsampled).has("sample")).isFalse();
    }

    @Test
    void aSteadyWarmUpReadsItsWindowsSettlingAndJitFloor() throws Exception {
        JsonNode json = line("{'kind':'phase','engine':'sqlite','setting':'default','stores':1000,"
                + "'op':'warmup','phase':'openruns','visited':10000,'rule':'steady','windowVisits':100,"
                + "'jitFloor':4200,'jitFloorCut':true,'settledAt':9000,'windows':[0.71,0.64],'run':1}");
        WarmUpLine w = WarmUpLine.of(json);

        assertThat(WarmUpLine.warmUp(json)).isTrue();
        assertThat(w).isEqualTo(new WarmUpLine(SQLITE, "warmup", 1, null, "steady", new WarmUpLine.Windows(100,
                java.util.List.of(0.71, 0.64), null, null, null, 9000), new WarmUpLine.Floor(1000, null, null, 4200,
                true), 10000));
        assertThat(WarmUpLine.of(ResultsFile.with(ResultsFile.line("phase"), w))).as("written as read").isEqualTo(w);
    }

    @Test
    void aWarmUpWithoutWindowsReadsItsVisits() throws Exception {
        JsonNode json = line("{'kind':'phase','engine':'sqlite','setting':'default','op':'readwarmup',"
                + "'visited':1000}");
        WarmUpLine bare = WarmUpLine.of(json);

        assertThat(bare.visited()).isEqualTo(1000);
        assertThat(bare.rule()).isEmpty();
        assertThat(bare.windowed()).isFalse();
        assertThat(WarmUpLine.warmUp(json)).isTrue();
    }

    @Test
    void aStepThatIsNoWarmUpSaysSo() throws Exception {
        assertThat(WarmUpLine.warmUp(line("{'kind':'phase','engine':'sqlite','setting':'default','op':'openrun',"
                + "'phase':'openruns','compileMs':3.5,'run':2}"))).isFalse();
    }
}
