package storebench.tools;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import storebench.phase.CapacityPhase;
import storebench.phase.MemoryPhase;
import storebench.results.Migration;
import storebench.results.OpenStoreMemory;
import storebench.results.ResultsFile;
import storebench.results.RunFolder;
import storebench.results.RunResults;
import storebench.results.Stat;
import storebench.gate.Verdicts;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

/** A run of an older format is refused by the readers, and migrated once by Migrate without losing a figure. */
class MigrateTest {
    @TempDir
    Path dir;

    private final List<ObjectNode> lines = new ArrayList<>();
    private final ObjectNode environment = ResultsFile.JSON.createObjectNode();

    /** A run line as format 1 wrote it: no format, no rules, no M, no list of what its build recorded. */
    private void format1() {
        lines.add(ResultsFile.JSON.createObjectNode().put("kind", "run").put("stores", 20).put("workload", "large")
                .put("notesPerStore", 1000).put("runs", 3));
        lines.get(0).putArray("engines").add("sqlite").add("heap-only").add("sqlite-node").add("h2").add("unknown");
        lines.get(0).putArray("settings").add("default");
    }

    private void runtime(String engine, String runtime) {
        environment.with("engines").with(engine).put("runtime", runtime);
    }

    private ObjectNode stat(String engine, String stat, double value) {
        ObjectNode l = ResultsFile.line("stat").put("engine", engine).put("setting", "default").put("stat", stat)
                .put("value", value);
        lines.add(l);
        return l;
    }

    private RunResults migrated() throws IOException {
        StringBuilder text = new StringBuilder();
        for (ObjectNode l : lines) {
            text.append(l).append('\n');
        }
        text.append("{\"kind\":\"end\"}\n");
        Files.writeString(dir.resolve(ResultsFile.NAME), text);
        Files.writeString(dir.resolve(RunResults.ENVIRONMENT), environment.toString());
        assertThat(Migration.migrate(dir, Migrate.PHASES)).as("the format it was in").isEqualTo(1);
        return RunResults.load(dir);
    }

    private static double value(RunResults r, String engine, String stat) {
        return r.measurement(engine, "default", stat).orElseThrow().value();
    }

    @Test
    void aRunOfAnOlderFormatIsRefusedWithItsFormatAndTheCommandThatMigratesIt() throws Exception {
        format1();
        stat("sqlite", "oqc_ms", 0.3);
        Files.writeString(dir.resolve(ResultsFile.NAME), lines.get(0) + "\n" + lines.get(1) + "\n");

        assertThatThrownBy(() -> RunResults.load(dir)).isInstanceOf(IOException.class)
                .hasMessage(dir + "/results.jsonl is format 1; this build reads format " + ResultsFile.FORMAT
                        + " only: migrate the run once with mvn -q exec:java -Dexec.mainClass=storebench.tools.Migrate"
                        + " -Dexec.args=" + dir);
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        assertThat(Render.run(new String[] {dir.toString()}, new PrintStream(new ByteArrayOutputStream()),
                new PrintStream(err, true, StandardCharsets.UTF_8))).isEqualTo(Tool.BAD_INPUT);
        assertThat(err.toString(StandardCharsets.UTF_8)).contains("is format 1").contains("storebench.tools.Migrate");
    }

    @Test
    void theCommandMigratesOnceAndTheRunThenReads() throws Exception {
        format1();
        stat("sqlite", "oqc_ms", 0.3).put("spread", 0.5).putArray("runs").add(0.2).add(0.3).add(0.35);
        lines.add(ResultsFile.line("phase").put("engine", "sqlite").put("setting", "default").put("phase", "openrun"));
        Files.writeString(dir.resolve(ResultsFile.NAME), lines.get(0) + "\n" + lines.get(1) + "\n" + lines.get(2)
                + "\n");
        ByteArrayOutputStream out = new ByteArrayOutputStream();

        int code = Migrate.run(new String[] {dir.toString()}, new PrintStream(out, true, StandardCharsets.UTF_8),
                System.err);
        String again = Files.readString(dir.resolve(ResultsFile.NAME));
        Migrate.run(new String[] {dir.toString()}, new PrintStream(out, true, StandardCharsets.UTF_8), System.err);

        assertThat(code).isZero();
        assertThat(out.toString(StandardCharsets.UTF_8)).contains(dir + ": format 1 -> " + ResultsFile.FORMAT)
                .contains(dir + ": format " + ResultsFile.FORMAT + " already");
        assertThat(Files.readString(dir.resolve(ResultsFile.NAME))).as("a second migration changes nothing")
                .isEqualTo(again);
        RunResults r = RunResults.load(dir);
        assertThat(r.runLine().format()).isEqualTo(ResultsFile.FORMAT);
        assertThat(r.runLine().scale().hold()).as("M was N before the run line said it").isEqualTo(20);
        assertThat(r.runLine().rules().sampleLeast()).isEqualTo(300);
        assertThat(r.runLine().rules().warmUp().minVisits()).isEqualTo(1500);
        assertThat(r.phaseLines()).singleElement().satisfies(p -> assertThat(p.op()).isEqualTo("openrun"));
        RunResults.Measurement oqc = r.measurement("sqlite", "default", "oqc_ms").orElseThrow();
        assertThat(r.lines("stat").get(0).has("spread")).as("a figure of the runs, computed where shown").isFalse();
        assertThat(oqc.spread()).isCloseTo(0.5, within(1e-12));
        assertThat(r.stat("oqc_ms").orElseThrow().label(1000, 20)).isEqualTo("Open, query, close (median)");
        assertThat(RunFolder.ours(dir)).as("marked as storebench's").isTrue();
    }

    @Test
    void aJvmsTotalAddsTheHeapAndTheNodeWorkersIsItsResidentAlone() throws Exception {
        format1();
        runtime("heap-only", "Java 17.0.15 (OpenJDK 64-Bit Server VM)");
        runtime("sqlite-node", "Node.js v20.20.2");
        stat("heap-only", "mem_resident_kb", 0.4);
        stat("heap-only", "heap_kb", 1024.0);
        stat("sqlite-node", "mem_resident_kb", 432.0);
        stat("sqlite-node", "heap_kb", 0.1); // V8's heap is resident already: never counted twice

        RunResults r = migrated();

        assertThat(value(r, "heap-only", OpenStoreMemory.TOTAL)).isCloseTo(1024.4, within(1e-9));
        assertThat(value(r, "sqlite-node", OpenStoreMemory.TOTAL)).isEqualTo(432.0);
        assertThat(r.stats()).extracting(Stat::id).containsSubsequence("mem_resident_kb", "mem_anon_kb",
                OpenStoreMemory.TOTAL);
    }

    @Test
    void aTotalDerivedFromFiguresTakenUnderAProfilerIsProfiledToo() throws Exception {
        format1();
        runtime("sqlite", "Java 17");
        stat("sqlite", "mem_resident_kb", 425).withArray("profilers").add("strace");
        stat("sqlite", "heap_kb", 1.2);

        RunResults r = migrated();

        assertThat(r.measurement("sqlite", "default", OpenStoreMemory.TOTAL).orElseThrow().profilers())
                .containsExactly("strace");
    }

    @Test
    void nothingIsDerivedWhereTheRunDoesNotSayTheRuntimeOrAlreadyHasTheTotal() throws Exception {
        format1();
        stat("unknown", "mem_resident_kb", 10);
        stat("unknown", "heap_kb", 10);
        runtime("sqlite", "Java 17");
        stat("sqlite", "mem_resident_kb", 425);
        stat("sqlite", "heap_kb", 1.2);
        stat("sqlite", OpenStoreMemory.TOTAL, 500).set("about", MemoryPhase.MEM_TOTAL_KB.about(1000, 20, "memory", 9));
        // measured: kept as it is

        RunResults r = migrated();

        assertThat(r.measurement("unknown", "default", OpenStoreMemory.TOTAL)).isEmpty();
        assertThat(r.measurements()).filteredOn(m -> m.stat().equals(OpenStoreMemory.TOTAL)).singleElement()
                .satisfies(m -> assertThat(m.value()).isEqualTo(500));
    }

    @Test
    void theCapacityTotalAddsTheHeapsSlopeOverThePoints() throws Exception {
        format1();
        runtime("h2", "Java 17");
        stat("h2", "capacity_resident_kb", 100);
        for (int stores : new int[] {0, 1000, 2000}) {
            lines.add(ResultsFile.line("capacity-point").put("engine", "h2").put("setting", "default")
                    .put("stores", stores).put("heapUsedBytes", 4_000_000L + stores * 1024L * 900));
        }

        RunResults r = migrated();

        assertThat(value(r, "h2", OpenStoreMemory.CAPACITY_TOTAL)).isCloseTo(1000, within(1e-6));
    }

    @Test
    void theDerivedTotalsAreDescribedAsThePhasesDescribeThem() {
        JsonNode d = Migration.resource(Migration.TOTALS);
        for (Stat s : List.of(MemoryPhase.MEM_TOTAL_KB, CapacityPhase.CAPACITY_TOTAL_KB)) {
            ObjectNode declared = s.about(1000, 1000, "g", 1);
            ObjectNode kept = Stat.read(s.id(), d.path(s.id())).about(1000, 1000, "g", 1);
            assertThat(kept).as(s.id()).isEqualTo(declared);
        }
    }

    @Test
    void statisticsThatVersionKnewKeepTheirRowsAndALineThatDescribesItselfGoesAfterThem() throws Exception {
        format1();
        stat("sqlite", "oqc_ms", 0.3);
        ObjectNode newer = stat("sqlite", "newer_ms", 0.1);
        newer.set("about", Stat.read("newer_ms", Migration.resource(Migration.BEFORE_ABOUT).get(2).path("about"))
                .about(1000, 20, "openruns", 3));

        RunResults r = migrated();

        List<String> ids = r.stats().stream().map(Stat::id).toList();
        assertThat(ids.subList(0, 5)).containsExactly("create_ms", "stores_per_s", "open_ms", "count_ms", "oqc_ms");
        assertThat(ids).contains("cold_read_kb", "capacity_stores").last().isEqualTo("newer_ms");
        assertThat(r.runLine().asked().engines()).contains("sqlite");
        assertThat(r.notRecorded("sqlite", "default", "open_ms")).as("a row of a group its columns measured, empty")
                .isTrue();
        assertThat(r.notRecorded("sqlite", "default", "create_ms")).as("a group it did not measure").isFalse();
    }

    @Test
    void aVerdictGetsItsStatisticsUnitAndDecimals() throws Exception {
        format1();
        stat("sqlite", "oqc_ms", 0.3);
        Files.writeString(dir.resolve(Verdicts.NAME), "{\"thresholds\":\"t.yaml\",\"baseline\":null,\"verdicts\":["
                + "{\"kind\":\"CEILING\",\"status\":\"PASS\",\"engine\":\"sqlite\",\"setting\":\"default\","
                + "\"workload\":\"large\",\"stat\":\"oqc_ms\",\"measured\":0.3,\"limit\":1.5,\"margin\":1.2}]}");

        migrated();

        assertThat(Verdicts.read(dir).all()).singleElement().satisfies(v -> assertThat(v.figure().format(0.3))
                .isEqualTo("0.300 ms"));
    }

    @Test
    void aFormat3RunDescribesEachStatisticOnceAndItsVerdictsCountWhatWasNotEvaluated() throws Exception {
        lines.add(ResultsFile.JSON.createObjectNode().put("kind", "run").put("format", 3).put("stores", 20)
                .put("workload", "large").put("notesPerStore", 1000).put("runs", 3).put("hold", 20));
        lines.get(0).putArray("engines").add("sqlite").add("h2");
        lines.get(0).putArray("settings").add("default");
        lines.get(0).putArray("recorded").add("oqc_ms");
        lines.get(0).with("rows").set("cold_read_kb", about("cold_read_kb"));
        for (String engine : List.of("sqlite", "h2")) {
            stat(engine, "oqc_ms", 0.3).set("about", Stat.read("oqc_ms", about("oqc_ms")).about(1000, 20, "openruns",
                    engine.equals("sqlite") ? 5 : 99));
        }
        Files.writeString(dir.resolve(Verdicts.NAME), "{\"thresholds\":\"t.yaml\",\"baseline\":null,"
                + "\"summary\":{\"pass\":1,\"fail\":0,\"inconclusive\":0,\"notEvaluated\":1},\"verdicts\":["
                + verdict("PASS") + "," + verdict("NOT_EVALUATED") + "]}");
        Files.writeString(dir.resolve(ResultsFile.NAME), String.join("\n", lines.stream().map(String::valueOf)
                .toList()) + "\n{\"kind\":\"end\"}\n");

        assertThatThrownBy(() -> RunResults.load(dir)).hasMessageContaining("is format 3;")
                .hasMessageContaining(ResultsFile.MIGRATE + dir);
        assertThat(Migration.migrate(dir, Migrate.PHASES)).isEqualTo(3);

        RunResults r = RunResults.load(dir);
        assertThat(r.lines("stat")).as("a figure names its statistic only").noneMatch(l -> l.has("about"));
        assertThat(r.lines("about")).extracting(l -> l.path("stat").asText()).containsExactly("oqc_ms",
                "cold_read_kb");
        assertThat(r.stats()).extracting(Stat::id).containsExactly("oqc_ms", "cold_read_kb");
        assertThat(r.run().has("rows")).isFalse();
        Verdicts v = Verdicts.read(dir);
        assertThat(v.all()).singleElement().satisfies(p -> assertThat(p.status().name()).isEqualTo("PASS"));
        assertThat(v.summary()).isEqualTo("1 passed, 0 failed, 0 inconclusive, 1 not evaluated");
    }

    private static JsonNode about(String stat) {
        for (JsonNode s : Migration.resource(Migration.BEFORE_ABOUT)) {
            if (s.path("id").asText().equals(stat)) {
                return s.path("about");
            }
        }
        throw new IllegalArgumentException(stat);
    }

    private static String verdict(String status) {
        return "{\"kind\":\"CEILING\",\"status\":\"" + status + "\",\"engine\":\"sqlite\",\"setting\":\"default\","
                + "\"workload\":\"large\",\"stat\":\"oqc_ms\",\"unit\":\"ms\",\"decimals\":3}";
    }

    @Test
    void aFormat4RunKeepsItsJitTimesAndPauseStartsToWholeMsAndItsPauseLengthsTo01Ms() throws Exception {
        lines.add(ResultsFile.JSON.createObjectNode().put("kind", "run").put("format", 4).put("stores", 20)
                .put("workload", "large").put("notesPerStore", 1000).put("runs", 3).put("hold", 20));
        ObjectNode warmUp = ResultsFile.line("phase").put("engine", "sqlite").put("setting", "default")
                .put("phase", "openruns").put("op", "warmup").put("visited", 200).put("windowVisits", 100);
        warmUp.putArray("windows").add(0.7439).add(0.6814);
        warmUp.putArray("compileMs").add(107.638002).add(0.357331);
        ObjectNode traffic = ResultsFile.line("phase").put("engine", "sqlite").put("setting", "default")
                .put("phase", "traffic").put("op", "traffic").put("compileMs", 3.456789);
        traffic.putArray("pauseStartMs").add(7942.0).add(12.345);
        traffic.putArray("pauseMs").add(19.0).add(0.457);
        lines.addAll(List.of(warmUp, traffic));
        Files.writeString(dir.resolve(ResultsFile.NAME), String.join("\n", lines.stream().map(String::valueOf)
                .toList()) + "\n{\"kind\":\"end\"}\n");

        assertThat(Migration.migrate(dir, Migrate.PHASES)).isEqualTo(4);

        String text = Files.readString(dir.resolve(ResultsFile.NAME));
        assertThat(text).contains("\"windows\":[0.7439,0.6814],\"compileMs\":[108,0]")
                .contains("\"pauseStartMs\":[7942,12],\"pauseMs\":[19.0,0.5]");
        assertThat(text).as("a run's JIT time, not a window's: as it was").contains("\"compileMs\":3.456789");
        assertThat(RunResults.load(dir).warmUpLines()).singleElement()
                .satisfies(w -> assertThat(w.byWindow().compileMs()).containsExactly(108L, 0L));
    }

    @Test
    void aPhaseLineThatDoesNotNameItsPhaseGetsTheOneItsTrialIsInAndAWarmUpAfterTheRunsIsConcurrencys()
            throws Exception {
        format1();
        for (String op : List.of("create", "warmup", "openrun", "readrun", "warmup")) {
            lines.add(ResultsFile.line("phase").put("engine", "sqlite").put("setting", "default").put("op", op));
        }
        lines.add(ResultsFile.line("phase").put("engine", "h2").put("setting", "default").put("op", "warmup"));

        RunResults r = migrated();

        assertThat(r.phaseLines()).extracting(p -> p.phase().orElse("")).containsExactly("create", "openruns",
                "openruns", "read", "concurrency", "openruns");
    }
}
