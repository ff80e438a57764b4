package storebench.report;

import storebench.report.render.MarkdownReport;

import storebench.phase.Phases;

import storebench.engine.ObjectBoxEngine;

import storebench.results.ResultsFile;
import storebench.results.RunResults;
import storebench.results.Stat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import storebench.engine.EngineDescriptor;

import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Set;
import java.util.function.Predicate;
import java.util.stream.Collectors;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * report.md rendered from fixed output files: src/test/resources/report/run-small holds a small fictional run
 * (results.jsonl, environment.json, written by hand) and the exact Markdown it must render to.
 */
class MarkdownReportTest {
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final String MMAP_TABLE = "## 1,200 stores per engine, mmap threshold 131072";
    private static final String DEFAULT_TABLE = "## 1,200 stores per engine, defaults";

    @TempDir
    Path tmp;

    private static Path runSmall() throws URISyntaxException {
        return Path.of(MarkdownReportTest.class.getResource("/report/run-small/results.jsonl").toURI()).getParent();
    }

    private static List<JsonNode> lines() throws Exception {
        return ResultsFile.read(runSmall().resolve(ResultsFile.NAME));
    }

    private static JsonNode environment() throws Exception {
        return JSON.readTree(runSmall().resolve(RunResults.ENVIRONMENT).toFile());
    }

    private static String render(List<JsonNode> lines) throws Exception {
        return new MarkdownReport(ReportBuilder.of(new RunResults(lines, environment()), Phases.ALL)).render();
    }

    private static boolean isStatOf(JsonNode l, String engine, String setting) {
        return "stat".equals(l.path("kind").asText()) && engine.equals(l.path("engine").asText())
                && setting.equals(l.path("setting").asText());
    }

    private static List<JsonNode> without(List<JsonNode> lines, Predicate<JsonNode> drop) {
        return lines.stream().filter(drop.negate()).collect(Collectors.toCollection(ArrayList::new));
    }

    private static ObjectNode failed(String engine, String setting, String phase, String reason) {
        return ResultsFile.line("status").put("engine", engine).put("setting", setting).put("workload", "small")
                .put("stores", 1200).put("status", "failed").put("phase", phase).put("reason", reason);
    }

    /** The table under a heading: its rows, each split into label and cells. */
    private static List<List<String>> table(String md, String heading) {
        String rest = md.substring(md.indexOf(heading));
        List<List<String>> rows = new ArrayList<>();
        boolean in = false;
        for (String line : rest.split("\n")) {
            if (line.startsWith("|")) {
                in = true;
                List<String> cells = Arrays.stream(line.substring(1, line.length() - 1).split("\\|"))
                        .map(String::trim).collect(Collectors.toList());
                rows.add(cells);
            } else if (in) {
                break;
            }
        }
        return rows;
    }

    private static List<String> row(String md, String heading, String label) {
        return table(md, heading).stream().filter(r -> r.get(0).equals(label)).findFirst()
                .orElseThrow(() -> new AssertionError("no row '" + label + "' under " + heading));
    }

    @Test
    void theReproduceLineRepeatsThePhasesTheOutputTheThresholdsAndTheBaseline() throws Exception {
        List<JsonNode> lines = new ArrayList<>(lines());
        String plain = render(lines);
        assertThat(plain).contains("-Dexec.args=target/bench\n").doesNotContain("-Dbench.phases=")
                .doesNotContain("-Dbench.thresholds=");
        ((ObjectNode) lines.get(0)).put("phasesAsked", "traffic").put("out", "target/traffic")
                .put("thresholds", "ci/thresholds.yaml").put("baseline", "baselines/a/results.jsonl");
        String md = render(lines);
        String command = md.lines().filter(l -> l.startsWith("mvn verify -Pbench")).findFirst().orElseThrow();
        assertThat(command).contains(" -Dbench.phases=traffic").contains(" -Dbench.out=target/traffic")
                .contains(" -Dbench.thresholds=ci/thresholds.yaml")
                .contains(" -Dbench.baseline=baselines/a/results.jsonl");
        assertThat(md).contains("-Dexec.mainClass=storebench.tools.Render -Dexec.args=target/traffic\n");
    }

    @Test
    void rendersTheSmallRunToTheExpectedMarkdown() throws Exception {
        String expected = Files.readString(runSmall().resolve("expected-report.md"), StandardCharsets.UTF_8);

        String rendered = new MarkdownReport(ReportBuilder.of(RunResults.load(runSmall()), Phases.ALL)).render();

        assertThat(rendered).isEqualTo(expected);
    }

    @Test
    void writeRendersReportMdIntoTheRunFolder() throws Exception {
        Files.copy(runSmall().resolve(ResultsFile.NAME), tmp.resolve(ResultsFile.NAME));
        Files.copy(runSmall().resolve(RunResults.ENVIRONMENT), tmp.resolve(RunResults.ENVIRONMENT));

        Path out = MarkdownReport.write(tmp, ReportBuilder.of(tmp, Phases.ALL));

        assertThat(out).isEqualTo(tmp.resolve("report.md"));
        assertThat(Files.readString(out, StandardCharsets.UTF_8))
                .isEqualTo(Files.readString(runSmall().resolve("expected-report.md"), StandardCharsets.UTF_8));
    }

    @Test
    void columnsFollowTheEngineOrderWhateverOrderTheRunLineListsThem() throws Exception {
        List<JsonNode> lines = lines();
        ObjectNode run = (ObjectNode) lines.get(0).deepCopy();
        run.putArray("engines").add("sqlite").add("objectbox-nosync").add("objectbox-cached").add("objectbox");
        lines.set(0, run);

        String md = render(lines);

        assertThat(md).isEqualTo(render(lines()));
        assertThat(table(md, DEFAULT_TABLE).get(0)).containsExactly("", "ObjectBox, sync every open",
                "ObjectBox, cached model", "ObjectBox, skip model sync", "SQLite");
    }

    @Test
    void rowsAreTheReferenceRowsInItsOrderThenOurs() throws Exception {
        String md = render(lines());
        List<String> labels = table(md, MMAP_TABLE).stream().skip(2).map(r -> r.get(0)).collect(Collectors.toList());

        // the reference's rows, in its order, and beside them the total and the disk's files
        List<String> reference = List.of(
                "Create, write 10 objects, close (median)",
                "Stores per second",
                "Open (median)",
                "Count query (median)",
                "Open, query, close (median)",
                "same, p99",
                "Close (median)",
                "Memory per open store (1,000 open), resident",
                "same, anonymous (process' own memory)",
                // beside them: the total, derived from this run's resident and heap rows
                "same, in total (resident, plus the Java heap's growth in a JVM)",
                "Load at start of the warm open runs (max)",
                "Space per store, files");
        // then ours: the other statistics the run's stat lines describe, in the rows' order they say (each phase's
        // definition, as recorded: Stat#about), so that a new phase's rows need no edit here
        List<String> rows = new RunResults(lines(), environment()).stats().stream().filter(s -> !s.optional())
                .map(s -> s.label(10, 1000)).collect(Collectors.toList());
        assertThat(rows.subList(0, reference.size())).containsExactlyElementsOf(reference);
        assertThat(labels).containsExactlyElementsOf(rows);
    }

    @Test
    void aCustomWorkloadsRunSaysItsNotesInTheTitleTheWorkloadLineTheCaveatsAndTheCommand() throws Exception {
        List<JsonNode> lines = lines();
        ((ObjectNode) lines.get(0)).put("workload", "custom-50x2000").put("notesPerStore", 50);

        String md = render(lines);

        assertThat(md).startsWith("# storebench: custom workload, 50 notes of 2,000 characters per store\n")
                .contains("Per store 50 notes `Note(text, ts)` (a 2,000-character text: `note <j> of agent <i>: ` followed"
                        + " by Lorem ipsum, repeated with single spaces and cut to 2,000 characters; the custom workload,"
                        + " -Dbench.notes=50 -Dbench.noteChars=2000)")
                .contains("A custom workload (custom-50x2000): 50 notes of 2,000 characters per store, 98 KB of text")
                .contains(" -Dbench.workload=custom -Dbench.notes=50 -Dbench.noteChars=2000 ");
        assertThat(render(lines())).startsWith("# storebench: small workload, 10 notes per store\n")
                .doesNotContain("A custom workload");
    }

    @Test
    void explainsTheSqlStoresPagesAgainstTheReferencesFromTheLayoutTheEngineReported() throws Exception {
        List<JsonNode> lines = lines();
        ((ObjectNode) lines.get(0)).put("workload", "large").put("notesPerStore", 1000);
        ObjectNode layout = ResultsFile.line("layout").put("engine", "sqlite").put("setting", "default")
                .put("workload", "large").put("store", 0);
        layout.putObject("layout").put("pageSize", 4096).put("pageCount", 86).put("freelistCount", 0)
                .put("leafPages", 84).put("interiorPages", 1).put("leafCells", 1000).put("leafPayloadBytes", 311000)
                .putObject("tsTypes").put("integer", 1000);
        lines.add(layout);

        String md = render(lines);

        assertThat(md).contains("Each note's record is 311 bytes (SQLite's dbstat: 1,000 rows in 84 leaf pages), so a 4"
                + " KiB leaf holds 12 rows: 84 leaves, 1 interior page and the schema page make 86 pages = 344 KiB.")
                .contains("The reference's 79 pages hold 13 rows per leaf, so its records were at most 308 bytes, 3"
                        + " narrower")
                .contains("7 more pages: about 28 KB more page cache per open store, and 9% more leaf pages")
                .contains("(PRAGMA page_count): SQLite 86.");
        assertThat(render(lines())).doesNotContain("PRAGMA page_count"); // the small workload is not the reference's
    }

    @Test
    void statesLibsqlsRealCloseBesideTheCalibrationColumnsSameSpan() throws Exception {
        List<JsonNode> lines = lines();
        ObjectNode run = (ObjectNode) lines.get(0);
        run.withArray("engines").add("libsql").add("sqlite-node");
        for (String[] s : new String[][] {{"libsql", "close_ms", "0.001"}, {"libsql", "close_fin_ms", "0.090"},
                {"sqlite-node", "close_ms", "0.020"}, {"sqlite-node", "close_fin_ms", "0.050"}}) {
            lines.add(ResultsFile.line("stat").put("engine", s[0]).put("setting", "default").put("workload", "small")
                    .put("stat", s[1]).put("value", Double.parseDouble(s[2])));
        }

        assertThat(render(lines)).contains("times close with that GC and turn, for every Node engine alike: 0.090 ms"
                + " against its close() of 0.001 ms (default); SQLite (Node.js), whose close() releases the store itself,"
                + " takes 0.050 ms for the same span, so libSQL's real close costs about 0.060 ms");
    }

    @Test
    void failedEngineShowsFailedInTheCellsItHasNoFiguresForAndTheFirstLineOfItsReason() throws Exception {
        // sqlite under mmap-threshold: created, then its trial process died in open run 2
        Set<String> measuredBeforeFailure = Set.of("create_ms", "stores_per_s", "disk_kb", "disk_alloc_kb");
        List<JsonNode> lines = without(lines(), l -> isStatOf(l, "sqlite", "mmap-threshold")
                && !measuredBeforeFailure.contains(l.path("stat").asText())
                || l.path("kind").asText().startsWith("capacity") && "sqlite".equals(l.path("engine").asText())
                && "mmap-threshold".equals(l.path("setting").asText()));
        lines.add(failed("sqlite", "mmap-threshold", "open run 2",
                "sqlite/mmap-threshold (pid 4242, exit status 134): 'openrun': the process ended before answering\n"
                        + "--- last lines of its stderr ---\n# A fatal error has been detected by the JRE"));

        String md = render(lines);

        assertThat(row(md, MMAP_TABLE, "Create, write 10 objects, close (median)"))
                .containsExactly("Create, write 10 objects, close (median)", "3.10 ms", "3.09 ms", "–", "2.95 ms");
        assertThat(row(md, MMAP_TABLE, "Space per store, files")).endsWith("12 KB");
        for (String label : List.of("Open (median)", "Count query (median)", "Open, query, close (median)", "same, p99",
                "Close (median)", "Memory per open store (1,000 open), resident", "Load at start of the warm open runs (max)",
                "Managed heap per open store (Java heap; JS heap for Node engines)")) {
            List<String> r = row(md, MMAP_TABLE, label);
            assertThat(r.get(4)).as("SQLite's %s", label).isEqualTo("failed");
            assertThat(r.get(1)).as("ObjectBox's %s", label).isNotEqualTo("failed");
            assertThat(r.get(3)).as("the skipped engine's %s", label).isEqualTo("–");
        }
        assertThat(row(md, MMAP_TABLE, "Open (median)"))
                .containsExactly("Open (median)", "0.270 ms", "0.186 ms", "–", "failed");
        assertThat(md).contains("- SQLite: failed: open run 2: sqlite/mmap-threshold (pid 4242, exit status 134):"
                + " 'openrun': the process ended before answering\n");
        assertThat(md).doesNotContain("A fatal error has been detected");
        // the other setting's table is untouched
        assertThat(row(md, DEFAULT_TABLE, "Open (median)"))
                .containsExactly("Open (median)", "0.302 ms", "0.209 ms", "–", "0.037 ms");
        assertThat(md.substring(md.indexOf(DEFAULT_TABLE), md.indexOf(MMAP_TABLE))).doesNotContain("failed");
    }

    @Test
    void engineFailingInCreateReadsFailedInEveryCell() throws Exception {
        List<JsonNode> lines = without(lines(), l -> isStatOf(l, "objectbox-cached", "default"));
        lines.add(failed("objectbox-cached", "default", "create", "count mismatch: engine objectbox-cached, store 17"
                + " (/data/storebench/bench-data/small/objectbox-cached/default/store-17): expected 10, got 9"));

        String md = render(lines);

        assertThat(table(md, DEFAULT_TABLE).stream().skip(2)).allSatisfy(r -> assertThat(r.get(2)).isEqualTo("failed"));
        assertThat(md).contains("- ObjectBox, cached model: failed: create: count mismatch: engine objectbox-cached,"
                + " store 17 (/data/storebench/bench-data/small/objectbox-cached/default/store-17): expected 10, got 9\n");
        assertThat(table(md, MMAP_TABLE).stream().skip(2)).noneSatisfy(r -> assertThat(r.get(2)).isEqualTo("failed"));
    }

    @Test
    void skippedEngineKeepsItsColumnWithDashesAndItsReasonUnderEachTable() throws Exception {
        String md = render(lines());
        String line = "- ObjectBox, skip model sync: not measured: " + ObjectBoxEngine.SKIP_MODEL_SYNC.unavailable().orElseThrow() + "\n";

        assertThat(md.split(java.util.regex.Pattern.quote(line), -1)).as("once per table").hasSize(3);
        assertThat(table(md, DEFAULT_TABLE).stream().skip(2)).allSatisfy(r -> assertThat(r.get(3)).isEqualTo("–"));
        assertThat(table(md, MMAP_TABLE).stream().skip(2)).allSatisfy(r -> assertThat(r.get(3)).isEqualTo("–"));
    }

    @Test
    void anOptionalRowNoColumnMeasuredStaysWhereAPhaseSaidWhy() throws Exception {
        Stat t8 = storebench.phase.ConcurrencyPhase.perSecond(8);
        List<JsonNode> lines = without(lines(), l -> l.path("stat").asText().endsWith("_t8"));
        assertThat(table(render(lines), DEFAULT_TABLE)).noneMatch(r -> r.get(0).startsWith("Concurrency, 8"));

        lines.add(ResultsFile.line("status").put("engine", "sqlite").put("setting", "default").put("workload", "small")
                .put("stores", 1200).put("status", RunResults.NOT_MEASURED).put("phase", "concurrency")
                .put("reason", "too few requests").set("stats", JSON.createObjectNode().set(t8.id(), t8.about(10, 1000, "concurrency",
                Phases.order(t8)))));
        String md = render(lines);

        assertThat(table(md, DEFAULT_TABLE)).filteredOn(r -> r.get(0).startsWith("Concurrency, 8")).singleElement()
                .satisfies(r -> assertThat(r.subList(1, r.size())).containsOnly("–"));
        assertThat(md).contains("SQLite, concurrency: not measured: too few requests");
    }

    @Test
    void figuresAreRoundedPerUnit() throws Exception {
        String md = render(lines());

        assertThat(row(md, DEFAULT_TABLE, "Create, write 10 objects, close (median)").get(1)).isEqualTo("3.12 ms");
        assertThat(row(md, DEFAULT_TABLE, "Stores per second").get(1)).isEqualTo("301");
        assertThat(row(md, DEFAULT_TABLE, "same, p99").get(2)).isEqualTo("0.457 ms");
        assertThat(row(md, DEFAULT_TABLE, "Memory per open store (1,000 open), resident").get(1)).isEqualTo("2,538 KB");
        assertThat(row(md, DEFAULT_TABLE, "same, anonymous (process' own memory)").get(1)).isEqualTo("2,066 KB");
        assertThat(row(md, DEFAULT_TABLE, "Load at start of the warm open runs (max)").get(4)).isEqualTo("0.99");
    }

    @Test
    void aLaterStatLineSupersedesAnEarlierOneInTheTable() throws Exception {
        List<JsonNode> lines = lines();
        lines.add(ResultsFile.line("stat").put("engine", "sqlite").put("setting", "default").put("workload", "small")
                .put("stores", 1200).put("stat", "open_ms").put("value", 0.0455));

        assertThat(row(render(lines), DEFAULT_TABLE, "Open (median)").get(4)).isEqualTo("0.046 ms");
    }

    @Test
    void caveatsStateTheRunToRunNoiseWithItsWidestStatistic() throws Exception {
        List<JsonNode> lines = lines();
        ObjectNode wide = ResultsFile.line("stat").put("engine", "sqlite").put("setting", "mmap-threshold")
                .put("workload", "small").put("stores", 1200).put("stat", "close_ms").put("value", 0.036)
                .put("spread", 0.5);
        wide.withArray("runs").add(0.030).add(0.036).add(0.048);
        lines.add(wide);

        String md = render(lines);

        assertThat(md).contains("The open-run figures moved from run to run by 1% (the median spread")
                .contains("the widest is 50%, sqlite close_ms under mmap-threshold)")
                .doesNotContain("bench.maxLoad unset");
    }

    @Test
    void caveatsSayTheLoadWasNotControlledWhenMaxLoadWasUnset() throws Exception {
        List<JsonNode> lines = lines();
        ((ObjectNode) lines.get(0)).remove("maxLoad");

        assertThat(render(lines)).contains("The load was not controlled (bench.maxLoad unset), only recorded.");
    }

    @Test
    void tursoCaveatsExplainItsCloseAndItsHugePagesWithTheMachinesMode() throws Exception {
        List<JsonNode> lines = lines();
        ((ObjectNode) lines.get(0)).withArray("engines").add("turso");
        ObjectNode count = ResultsFile.line("stat").put("engine", "turso").put("setting", "default")
                .put("workload", "small").put("stores", 1200).put("stat", "count_ms").put("value", 0.441)
                .put("spread", 1.1);
        count.withArray("runs").add(0.215).add(0.7).add(0.441);
        lines.add(count);
        ObjectNode env = (ObjectNode) environment();
        env.put("transparentHugepage", "madvise");

        String md = new MarkdownReport(ReportBuilder.of(new RunResults(lines, env), Phases.ALL)).render();

        assertThat(md).contains("does not checkpoint the -wal file when a store closes")
                .contains("asks for transparent huge pages on it (MADV_HUGEPAGE)")
                .contains("(this machine: `madvise`)")
                .contains("(count in this run's workers under default: 0.215, 0.700, 0.441 ms).");
        assertThat(render(lines())).doesNotContain("MADV_HUGEPAGE");
    }

    @Test
    void versionsNameTheMachinesMappingCostBesideTheDirectRead() throws Exception {
        ObjectNode env = (ObjectNode) environment();
        env.set("mapping", JSON.readTree(MarkdownReportTest.class.getResource("/report/mapping.json")));

        String md = new MarkdownReport(ReportBuilder.of(new RunResults(lines(), env), Phases.ALL)).render();

        assertThat(md.substring(md.indexOf("## Engines and versions"))).contains("- Memory mapping here: mapping a 400"
                + " KiB file of the bench root with a 1 GiB length (read-only, MAP_SHARED, as LMDB and ObjectBox map a"
                + " store at every open), reading a byte of each of its 100 pages and unmapping it takes 0.013 ms"
                + " (median of 100; p99 0.032 ms; map 0.003, touch 0.006, unmap 0.004; 7.0 page faults per map); a"
                + " minor page fault 0.41 µs (p99 1.22 µs). Set the mapping engines' open and close against it.\n");
    }

    @Test
    void versionsOfARunWithoutTheMappingCostSayItIsNotThere() throws Exception {
        ObjectNode failed = (ObjectNode) environment();
        failed.putObject("mapping").put("error", "mmap refused");
        failed.put("kernel", "6.18.44-fc-v1045");

        assertThat(render(lines())).contains("- Memory mapping here: not recorded (the run was made before storebench"
                + " measured it); kernel ").doesNotContain("minor page fault");
        assertThat(new MarkdownReport(ReportBuilder.of(new RunResults(lines(), failed), Phases.ALL)).render())
                .contains("- Memory mapping here: not measured (mmap refused); kernel 6.18.44-fc-v1045. The mapping"
                        + " engines' open and close cannot be set against this machine's cost");
    }

    @Test
    void runWithoutStatLinesSaysNoTrialFinished() throws Exception {
        List<JsonNode> lines = without(lines(), l -> "stat".equals(l.path("kind").asText()));

        String md = render(lines);

        assertThat(md).contains("## Result in three sentences\n\nNo figures: no trial finished:\n\n"
                + "- objectbox-nosync/default skipped: objectbox-java 5.1.0 has no public way")
                .contains("**Incomplete run**: it measured nothing: objectbox-nosync/default skipped: ");
        assertThat(table(md, DEFAULT_TABLE).stream().skip(2)).allSatisfy(r ->
                assertThat(r.subList(1, r.size())).containsOnly("–"));
    }

    @Test
    void runThatFailedOutsideItsTrialProcessesNamesEveryReason() throws Exception {
        List<JsonNode> lines = without(lines(), l -> "stat".equals(l.path("kind").asText()));
        lines.add(failed("sqlite", "default", "create", "create failed: /data/small is a symbolic link inside the bench"
                + " root; storebench does not follow it.\nmore detail"));

        assertThat(render(lines)).contains("- sqlite/default: create failed: /data/small is a symbolic link inside the"
                + " bench root; storebench does not follow it.\n").doesNotContain("more detail\n- ");
    }

    @Test
    void interruptedRunSaysItIsIncompleteAtTheTop() throws Exception {
        List<JsonNode> lines = without(lines(), l -> "end".equals(l.path("kind").asText()));
        lines.add(ResultsFile.line("status").put("status", "interrupted")
                .put("reason", "the suite was stopped before the run ended"));

        String md = render(lines);

        assertThat(md.indexOf("**Incomplete run**: it was interrupted (the suite was stopped before the run ended)."
                + " The tables hold only what finished before it stopped.")).isPositive()
                .isLessThan(md.indexOf("## Result in three sentences"));
        assertThat(render(lines())).doesNotContain("Incomplete run");
    }
    @Test
    void reusedStoresAreCountedWithTheCreatedOnes() throws Exception {
        List<JsonNode> lines = without(lines(), l -> "pool".equals(l.path("kind").asText())
                && "sqlite".equals(l.path("engine").asText()));
        for (String setting : List.of("default", "mmap-threshold")) {
            lines.add(ResultsFile.line("pool").put("engine", "sqlite").put("setting", setting).put("workload", "small")
                    .put("stores", 1200).put("created", 200).put("reused", 1000));
        }

        String md = render(lines);

        // 4 ObjectBox trials created 1,200 each, SQLite created 200 and reused 1,000 per setting
        assertThat(md).contains("- Store pool: 2,000 stores reused from an earlier run (bench.reuse), 5,200 created;"
                + " create figures are over the created stores only.\n");
    }

    @Test
    void aRunWithSteadyWarmUpsStatesTheRuleAndTabulatesEachEnginesWarmUpsNamingThoseThatNeverSettled()
            throws Exception {
        List<JsonNode> lines = without(lines(), l -> "phase".equals(l.path("kind").asText())
                && "warmup".equals(l.path("op").asText()));
        ((ObjectNode) lines.get(0)).put("warmupOpens", 5000);
        int[][] warmups = {{1500, 1500}, {1800, 1800}, {5000, -1}}; // visits, settled at (-1: never)
        for (int r = 0; r < warmups.length; r++) {
            ObjectNode w = ResultsFile.line("phase").put("engine", "sqlite").put("setting", "default")
                    .put("workload", "small").put("stores", 1200).put("op", "warmup").put("wallMs", 500.0)
                    .put("visited", warmups[r][0]).put("run", r + 1).put("rule", "steady").put("windowVisits", 100);
            if (warmups[r][1] > 0) {
                w.put("settledAt", warmups[r][1]);
            }
            w.putArray("windows").add(0.3).add(0.3);
            lines.add(w);
        }

        String md = render(lines);

        assertThat(md).contains("uncounted warm-up in windows of 100 visits, until the median visit of the last 5"
                + " windows lies within 3% of the 5 before");
        List<List<String>> rows = table(md, "Warm-ups: each trial process's visits");
        assertThat(rows).anySatisfy(r -> assertThat(r).containsExactly("SQLite, default", "3",
                "1,800 (1,500–5,000)", "1,650", "1 of 3"));
    }

    @Test
    void theWallTimeTableEndsWithThePlansEstimateBesideTheActualTimeAndTheEnginesAreNamedByGroup() throws Exception {
        List<JsonNode> lines = lines();
        ObjectNode plan = ((ObjectNode) lines.get(0)).put("enginesAsked", "objectbox,objectbox-cached,sqlite")
                .putObject("plan").put("estimateS", 125.0).put("phasesS", 90.0).put("phases", 30);
        plan.putObject("opsS").put("create", 20.0).put("warmup", 3.0).put("openrun", 8.0).put("hold", 10.0)
                .put("capacity", 49.0);

        String md = render(lines);

        assertThat(md).contains("- Engines: objectbox, objectbox-cached, objectbox-nosync, sqlite"
                + " (-Dbench.engines=objectbox,objectbox-cached,sqlite).\n");
        assertThat(row(md, "Wall time per phase", "all, measured")).containsExactly("all, measured", "23.0", "2.8",
                "7.4", "9.7", "41.1");
        assertThat(row(md, "Wall time per phase", "all, the plan's estimate")).containsExactly(
                "all, the plan's estimate", "20.0", "3.0", "8.0", "10.0", "49.0");
        List<List<String>> rows = table(md, "Wall time per phase");
        assertThat(rows.get(rows.size() - 1).get(0)).as("the table ends with the estimate").isEqualTo(
                "all, the plan's estimate");
        assertThat(md).contains("In the phases 84.0 s (the plan estimated 90.0 s); the whole run took 104.4 s (trial"
                + " process start-up, store checks and disk scans included); the plan estimated 125.0 s before it"
                + " started, 20% more than it took.");

        ((ObjectNode) lines.get(0)).putArray("engines").add("objectbox").add("objectbox-cached").add("objectbox-nosync")
                .add("sqlite").add("turso").add("libsql").add("sqlite-node").add("lmdb");
        assertThat(render(lines)).contains("- Engines: the group reference, lmdb (-Dbench.engines=");
    }

    @Test
    void freshRunSaysNothingAboutTheStorePool() throws Exception {
        assertThat(render(lines())).doesNotContain("Store pool:");
    }
}
