package storebench.tools;

import storebench.report.ReportBuilder;

import storebench.phase.Phases;
import storebench.report.render.Exports;
import storebench.report.render.MarkdownReport;
import storebench.results.EnvironmentFile;
import storebench.results.PhaseLine;
import storebench.results.ResultsFile;
import storebench.results.RunFolder;
import storebench.results.RunResults;
import storebench.results.Stat;
import storebench.gate.Verdict;
import storebench.gate.Verdicts;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import java.util.function.Consumer;
import java.util.stream.Collectors;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.tuple;

/**
 * Merge on the run-small fixture cut in two by engine, as a CI matrix would have measured it: the merged run's report
 * has the same tables as the whole run's, and every refusal names its run and reason.
 */
class MergeTest {
    @TempDir
    Path tmp;

    private Path whole;
    private Path thresholds;

    @BeforeEach
    void fixtures() throws Exception {
        whole = Path.of(MergeTest.class.getResource("/report/run-small/results.jsonl").toURI()).getParent();
        thresholds = tmp.resolve("thresholds.yaml");
        Files.writeString(thresholds, String.join("\n",
                "ceilings:",
                "  - engine: sqlite",
                "    workload: small",
                "    max:",
                "      oqc_ms: 100",
                "ratios:",
                "  - engine: objectbox-cached",
                "    workload: small",
                "    stat: oqc_ms",
                "    at_most: 100",
                "    times: sqlite",
                ""));
    }

    /** A run folder holding the fixture's lines of some engines, as if the run had measured only those. */
    private Path part(String name, Set<String> engines, Consumer<ObjectNode> environment) throws Exception {
        Path dir = Files.createDirectories(tmp.resolve(name));
        StringBuilder text = new StringBuilder();
        for (JsonNode l : ResultsFile.read(whole.resolve(ResultsFile.NAME))) {
            ObjectNode line = l.deepCopy();
            String kind = line.path("kind").asText();
            if (kind.equals("run")) {
                ArrayNode list = line.putArray("engines");
                l.path("engines").forEach(e -> {
                    if (engines.contains(e.asText())) {
                        list.add(e.asText());
                    }
                });
            } else if (line.has("engine") && !engines.contains(line.path("engine").asText())) {
                continue;
            }
            text.append(ResultsFile.JSON.writeValueAsString(line)).append('\n');
        }
        Files.writeString(dir.resolve(ResultsFile.NAME), text);
        ObjectNode env = (ObjectNode) ResultsFile.JSON.readTree(whole.resolve(RunResults.ENVIRONMENT).toFile());
        environment.accept(env);
        ResultsFile.JSON.writeValue(dir.resolve(RunResults.ENVIRONMENT).toFile(), env);
        Files.writeString(dir.resolve("load.log"), "# time load1 load5 load15 (every 10 s)\n" + name + " 0.5 0.5 0.5\n");
        return dir;
    }

    /**
     * A run folder holding the fixture's lines of some engines under one setting (the fixture's mmap-threshold read as
     * {@code setting}), as if the run had measured only those.
     */
    private Path part(String name, Set<String> engines, String setting, Consumer<ObjectNode> environment)
            throws Exception {
        Path dir = part(name, engines, environment);
        String from = setting.equals("default") ? "mmap-threshold" : "default";
        StringBuilder text = new StringBuilder();
        for (JsonNode l : ResultsFile.read(dir.resolve(ResultsFile.NAME))) {
            ObjectNode line = l.deepCopy();
            if (line.path("kind").asText().equals("run")) {
                line.putArray("settings").add(setting);
            } else if (line.path("setting").asText().equals(from)) {
                continue;
            } else if (line.has("setting")) {
                line.put("setting", setting);
            }
            text.append(ResultsFile.JSON.writeValueAsString(line)).append('\n');
        }
        Files.writeString(dir.resolve(ResultsFile.NAME), text);
        return dir;
    }

    private Path objectbox(Consumer<ObjectNode> environment) throws Exception {
        return part("objectbox", Set.of("objectbox", "objectbox-cached", "objectbox-nosync"), environment);
    }

    private Path sqlite(Consumer<ObjectNode> environment) throws Exception {
        return part("sqlite", Set.of("sqlite"), environment);
    }

    /** The table lines of the sections with a setting's figures ("## 1,200 stores per engine, ..."). */
    private static List<String> statsTables(String markdown) {
        List<String> out = new ArrayList<>();
        boolean in = false;
        for (String l : markdown.lines().toList()) {
            if (l.startsWith("#")) {
                in = l.startsWith("## 1,200 stores per engine");
            } else if (in && l.startsWith("|")) {
                out.add(l);
            }
        }
        return out;
    }

    @Test
    void aMergedRunIsComparedWithTheBaselineGivenAndItsVerdictsNameIt() throws Exception {
        Files.writeString(thresholds, Files.readString(thresholds) + String.join("\n", "baseline:",
                "  tolerance_percent:", "    with_spread: 30", "    without_spread: 30", ""));
        Path out = tmp.resolve("merged");

        Merge.merge(out, List.of(objectbox(e -> { }), sqlite(e -> { })), thresholds, Optional.of(whole));

        Verdicts verdicts = Verdicts.read(out);
        assertThat(verdicts.baseline()).contains(whole.toString());
        assertThat(verdicts.all()).filteredOn(v -> v.kind() == storebench.gate.Verdict.Kind.BASELINE)
                .as("the merged run against the whole run it was cut from: the same figures")
                .isNotEmpty().allSatisfy(v -> assertThat(v.status()).isEqualTo(storebench.gate.Verdict.Status.PASS));
    }

    @Test
    void twoHalvesMergeIntoTheWholeRunsTables() throws Exception {
        Path out = tmp.resolve("merged");
        List<Path> written = Merge.merge(out, List.of(objectbox(e -> { }), sqlite(e -> { })), thresholds, Optional.empty());

        assertThat(written).contains(out.resolve(ResultsFile.NAME), out.resolve(RunResults.ENVIRONMENT),
                out.resolve("load.log"), out.resolve(Verdicts.NAME), out.resolve(MarkdownReport.NAME),
                out.resolve(Exports.BMF));
        assertThat(RunFolder.ours(out)).as("marked as storebench's, like a run's output folder").isTrue();
        assertThat(out.resolve(RunFolder.MARKER)).exists();
        String merged = Files.readString(out.resolve(MarkdownReport.NAME));
        String original = new MarkdownReport(ReportBuilder.of(RunResults.load(whole), Phases.ALL)).render();
        assertThat(statsTables(merged)).hasSizeGreaterThan(20).isEqualTo(statsTables(original));
        assertThat(merged).contains("Merged from 2 runs, all on this machine: objectbox, objectbox-cached,"
                + " objectbox-nosync under default, mmap-threshold; sqlite under default, mmap-threshold.");
        RunResults results = RunResults.load(out);
        assertThat(results.incomplete()).isEmpty();
        assertThat(results.run().path("merged").asInt()).isEqualTo(2);
        assertThat(results.lines("stat")).allSatisfy(l -> assertThat(l.path("source").asInt()).isBetween(1, 2));
        assertThat(results.sources()).extracting(EnvironmentFile.Source::engines)
                .containsExactly(List.of("objectbox", "objectbox-cached", "objectbox-nosync"), List.of("sqlite"));
        assertThat(Files.readString(out.resolve("load.log"))).contains("# source 1: ").contains("objectbox 0.5")
                .contains("# source 2: ").contains("sqlite 0.5");
        Verdicts verdicts = Verdicts.read(out);
        assertThat(verdicts.all()).extracting(Verdict::status).containsOnly(Verdict.Status.PASS);
    }

    /** The part's run line as if it had printed a plan: its estimate and the engines it was asked for. */
    private static Path planned(Path part, double estimateS, String asked) throws Exception {
        List<JsonNode> lines = ResultsFile.read(part.resolve(ResultsFile.NAME));
        ObjectNode plan = ((ObjectNode) lines.get(0)).put("enginesAsked", asked).putObject("plan")
                .put("estimateS", estimateS).put("phasesS", estimateS / 2).put("phases", 8);
        plan.putObject("opsS").put("create", estimateS / 4);
        StringBuilder text = new StringBuilder();
        for (JsonNode l : lines) {
            text.append(ResultsFile.JSON.writeValueAsString(l)).append('\n');
        }
        Files.writeString(part.resolve(ResultsFile.NAME), text);
        return part;
    }

    @Test
    void theMergedRunsPlanIsItsPartsPlansAddedUpAndItsEnginesAreNamedByTheirGroups() throws Exception {
        Path out = tmp.resolve("merged");
        Merge.merge(out, List.of(planned(objectbox(e -> { }), 100, "objectbox,objectbox-cached,objectbox-nosync"),
                planned(sqlite(e -> { }), 60, "sqlite")), thresholds, Optional.empty());

        JsonNode run = RunResults.load(out).run();
        assertThat(run.path("plan").path("estimateS").asDouble()).isEqualTo(160.0);
        assertThat(run.path("plan").path("opsS").path("create").asDouble()).isEqualTo(40.0);
        assertThat(run.has("enginesAsked")).as("a part's own, not the merged run's").isFalse();

        Path unplanned = tmp.resolve("merged-unplanned");
        Merge.merge(unplanned, List.of(planned(part("objectbox2", Set.of("objectbox", "objectbox-cached",
                "objectbox-nosync"), e -> { }), 100, "objectbox"), sqlite(e -> { })), thresholds, Optional.empty());
        assertThat(RunResults.load(unplanned).run().has("plan")).as("one part printed no plan: no estimate of the whole")
                .isFalse();
    }

    @Test
    void partsThatMeasuredSomePhasesMergeWithTheRepositorysThresholds() throws Exception {
        // two runs of -Dit.test='StoreLifeBench#create+openRuns', each describing the statistics it measured
        List<Path> parts = new ArrayList<>();
        for (String engine : List.of("objectbox", "sqlite")) {
            Path dir = part(engine, Set.of(engine), e -> { });
            StringBuilder text = new StringBuilder();
            for (JsonNode l : ResultsFile.read(dir.resolve(ResultsFile.NAME))) {
                ObjectNode line = l.deepCopy();
                java.util.Optional<String> phase = Phases.find(line.path("stat").asText()).map(st -> Phases
                        .phaseOf(st).id());
                if (List.of("stat", "about").contains(line.path("kind").asText()) && phase.isPresent()
                        && !phase.get().equals(Phases.CREATE.id()) && !phase.get().equals(Phases.OPEN_RUNS.id())) {
                    continue;
                }
                text.append(ResultsFile.JSON.writeValueAsString(line)).append('\n');
            }
            Files.writeString(dir.resolve(ResultsFile.NAME), text);
            parts.add(dir);
        }
        Files.writeString(thresholds, "ceilings:\n  - engine: sqlite\n    workload: small\n    max:\n"
                + "      mem_resident_kb: 100000\n      oqc_ms: 100\n");

        Merge.merge(tmp.resolve("merged"), parts, thresholds, Optional.empty());

        Verdicts merged = Verdicts.read(tmp.resolve("merged"));
        assertThat(merged.all()).filteredOn(v -> v.status() != Verdict.Status.NOT_EVALUATED)
                .extracting(Verdict::stat, Verdict::status).containsOnly(tuple("oqc_ms", Verdict.Status.PASS));
        assertThat(merged.all()).as("asked, yet without a figure: listed with why")
                .filteredOn(v -> v.status() == Verdict.Status.NOT_EVALUATED).extracting(Verdict::stat)
                .containsOnly("mem_resident_kb");
        assertThat(merged.notEvaluated()).isPositive();
        Merge.merge(tmp.resolve("merged-with-the-repositorys"), parts, Path.of("thresholds.yaml"), Optional.empty());
        assertThat(tmp.resolve("merged-with-the-repositorys").resolve(MarkdownReport.NAME)).exists();
    }

    /** Rewrites a part as a run of the given phases: its run line says them, and it has no line of the others. */
    private static void onlyPhases(Path dir, List<String> phases) throws Exception {
        Set<String> leftOut = new java.util.HashSet<>();
        Phases.ALL.stream().filter(p -> !phases.contains(p.id())).forEach(p -> {
            leftOut.add(p.id());
            p.steps().forEach(st -> leftOut.add(st.op()));
            p.stats().forEach(st -> leftOut.add(st.id()));
        });
        StringBuilder text = new StringBuilder();
        for (JsonNode l : ResultsFile.read(dir.resolve(ResultsFile.NAME))) {
            ObjectNode line = l.deepCopy();
            if (line.path("kind").asText().equals("run")) {
                ArrayNode list = line.putArray("phases");
                phases.forEach(list::add);
            } else if (leftOut.contains(line.path("stat").asText()) || line.path("kind").asText().equals("phase")
                    && leftOut.contains(PhaseLine.op(line))) {
                continue;
            }
            text.append(ResultsFile.JSON.writeValueAsString(line)).append('\n');
        }
        Files.writeString(dir.resolve(ResultsFile.NAME), text);
    }

    @Test
    void partsOfDifferentPhasesMakeAReportThatReportCheckJudgesCellByCellWithTheirReasons() throws Exception {
        List<String> measured = new ArrayList<>();
        for (JsonNode l : ResultsFile.read(whole.resolve(ResultsFile.NAME))) {
            Phases.find(l.path("stat").asText()).map(st -> Phases.phaseOf(st).id()).filter(p -> !measured.contains(p))
                    .ifPresent(measured::add);
        }
        assertThat(measured).contains(Phases.COLD.id());
        Path objectbox = objectbox(e -> { });
        onlyPhases(objectbox, measured);
        Path sqlite = sqlite(e -> { });
        onlyPhases(sqlite, measured.stream().filter(p -> !p.equals(Phases.COLD.id())).toList());
        Path out = tmp.resolve("merged");

        Merge.merge(out, List.of(objectbox, sqlite), thresholds, Optional.empty());

        ByteArrayOutputStream err = new ByteArrayOutputStream();
        assertThat(ReportCheck.run(new String[]{out.toString()}, new PrintStream(new ByteArrayOutputStream()),
                new PrintStream(err, true, StandardCharsets.UTF_8))).as(err.toString(StandardCharsets.UTF_8))
                .isZero();
        assertThat(Files.readString(out.resolve(MarkdownReport.NAME))).contains("SQLite: cold not measured: the part"
                + " of the merged run that measured it was not asked for that phase (its bench.phases)");
    }

    @Test
    void runsFromTwoMachinesAreShownPerColumnAndTheirRatioIsNotEvaluated() throws Exception {
        Path out = tmp.resolve("merged");
        Merge.merge(out, List.of(objectbox(e -> e.put("host", "ci-runner-1")),
                sqlite(e -> e.put("host", "ci-runner-2").put("cpuModel", "Other CPU"))), thresholds, Optional.empty());

        String report = Files.readString(out.resolve(MarkdownReport.NAME));
        assertThat(report).contains("Merged from 2 runs on 2 machines (machine 1: ci-runner-1 (")
                .contains("machine 2: ci-runner-2 (Other CPU, ");
        assertThat(report).containsPattern("\\| Measured on \\(a merged run's machines: see the top of the report\\)"
                + " \\| machine 1 \\| machine 1 \\| .* \\| machine 2 \\|");
        assertThat(Verdicts.read(out).all()).as("the ratios, not evaluated, with why")
                .filteredOn(v -> v.kind() == Verdict.Kind.RATIO).isNotEmpty().allSatisfy(v -> assertThat(v.source()
                        .detail()).contains("measured on different machines"));
        List<Verdict> ratios = storebench.gate.Gate.evaluate(storebench.gate.Thresholds.load(thresholds,
                Phases.stats()), RunResults.load(out), Optional.empty()).stream().filter(v -> v.kind() == Verdict.Kind.RATIO)
                .toList();
        assertThat(ratios).isNotEmpty().allSatisfy(v -> {
            assertThat(v.status()).isEqualTo(Verdict.Status.NOT_EVALUATED);
            assertThat(v.detail()).contains("measured on different machines (objectbox-cached on ci-runner-1");
        });
        assertThat(Verdicts.read(out).all()).filteredOn(v -> v.kind() == Verdict.Kind.CEILING)
                .extracting(Verdict::status).containsOnly(Verdict.Status.PASS);
    }

    @Test
    void partsThatDoNotCoverEveryEngineAndSettingSayWhichNoPartMeasuredAndPassReportCheck() throws Exception {
        Path out = tmp.resolve("merged");
        Merge.merge(out, List.of(part("a", Set.of("sqlite"), "default", e -> { }),
                part("b", Set.of("objectbox", "objectbox-cached"), "mmap-threshold", e -> { })), thresholds, Optional.empty());

        ByteArrayOutputStream err = new ByteArrayOutputStream();
        assertThat(ReportCheck.run(new String[]{out.toString()}, new PrintStream(new ByteArrayOutputStream()),
                new PrintStream(err, true, StandardCharsets.UTF_8))).as(err.toString(StandardCharsets.UTF_8))
                .isZero();
        assertThat(Files.readString(out.resolve(MarkdownReport.NAME)))
                .contains("SQLite: not measured under this setting: no part of the merged run measured sqlite under"
                        + " mmap-threshold")
                .contains("ObjectBox, sync every open: not measured under this setting: no part of the merged run"
                        + " measured objectbox under default");
    }

    @Test
    void tunedAgainstDefaultsAcrossTwoMachinesHasNoRatioAndEachVisitIsPricedByItsOwnMachine() throws Exception {
        Path out = tmp.resolve("merged");
        Set<String> engines = Set.of("objectbox", "sqlite");
        Merge.merge(out, List.of(withCounters(part("a", engines, "default", e -> price(e.put("host", "ci-runner-1"),
                        900))), withCounters(part("b", engines, "tuned", e -> price(e.put("host", "ci-runner-2")
                        .put("cpuModel", "Other CPU"), 4000)))), thresholds, Optional.empty());

        String report = Files.readString(out.resolve(MarkdownReport.NAME));
        String tuned = report.substring(report.indexOf("## Tuned against defaults"));
        tuned = tuned.substring(0, tuned.indexOf("\n## ", 5));
        assertThat(tuned).contains("| Open, query, close (median) | other machines | other machines |");
        assertThat(report).doesNotContain("of its default");
        // each setting's table was measured on one machine, and its faults are priced at that machine's price
        assertThat(report).contains("minor faults per visit at the price of one on machine 1, which measured this"
                + " table (0.90 µs,").contains("minor faults per visit at the price of one on machine 2, which"
                + " measured this table (4.00 µs,");
    }

    /** environment.json's price of a minor fault, in ns. */
    private static void price(ObjectNode environment, double ns) {
        environment.putObject("mapping").putObject("minorFault").put("medianNs", ns).put("p99Ns", ns);
    }

    /** The part with the open runs' counters of every engine it has: 10 faults and 0.1 ms system CPU a visit. */
    private static Path withCounters(Path dir) throws Exception {
        RunResults run = RunResults.load(dir);
        StringBuilder text = new StringBuilder(Files.readString(dir.resolve(ResultsFile.NAME)));
        for (String e : run.runLine().asked().engines()) {
            for (String setting : run.runLine().asked().settings()) {
                for (Stat st : List.of(storebench.phase.OpenRunsPhase.COUNTERS.stat("minflt"),
                        storebench.phase.OpenRunsPhase.COUNTERS.stat("sys_ms"))) {
                    ObjectNode l = ResultsFile.line("stat").put("engine", e).put("setting", setting)
                            .put("workload", "small").put("stat", st.id()).put("value", st.unit() == Stat.Unit.MS
                                    ? 0.1 : 10);
                    text.append(new storebench.results.AboutLine(st.id(), st.about(10, 1000, "openruns", Phases.stats()
                            .indexOf(st))).line()).append('\n');
                    text.append(ResultsFile.JSON.writeValueAsString(l)).append('\n');
                }
            }
        }
        Files.writeString(dir.resolve(ResultsFile.NAME), text);
        return dir;
    }

    @Test
    void aRunMergedWithItselfOrAnOverlappingRunIsRefused() throws Exception {
        Path a = sqlite(e -> { });
        assertThatThrownBy(() -> Merge.merge(tmp.resolve("m1"), List.of(a, a), thresholds, Optional.empty()))
                .isInstanceOf(Merge.Refused.class).hasMessageContaining(a + " is given twice")
                .hasMessageContaining("cannot be merged with itself");
        Path copy = tmp.resolve("copy");
        Files.createDirectories(copy);
        for (String f : List.of(ResultsFile.NAME, RunResults.ENVIRONMENT)) {
            Files.copy(a.resolve(f), copy.resolve(f));
        }
        assertThatThrownBy(() -> Merge.merge(tmp.resolve("m2"), List.of(a, copy), thresholds, Optional.empty()))
                .isInstanceOf(Merge.Refused.class)
                .hasMessageContaining("both " + a + " and " + copy + " measured sqlite under default");
        assertThat(tmp.resolve("m1")).doesNotExist();
        assertThat(tmp.resolve("m2")).doesNotExist();
    }

    @Test
    void runsOfAnotherShapeAreRefusedWithTheDifference() throws Exception {
        Path a = objectbox(e -> { });
        Path b = sqlite(e -> { });
        Path results = b.resolve(ResultsFile.NAME);
        Files.writeString(results, Files.readString(results).replaceFirst("\"stores\":1200", "\"stores\":200"));
        assertThatThrownBy(() -> Merge.merge(tmp.resolve("m"), List.of(a, b), thresholds, Optional.empty()))
                .isInstanceOf(Merge.Refused.class).hasMessageContaining(b + " cannot be merged with " + a)
                .hasMessageContaining("N = 200 stores vs 1200").hasMessageContaining("the same workload, N, R and M");
    }

    @Test
    void aFolderThatIsNotACompleteRunIsRefused() throws Exception {
        Path a = objectbox(e -> { });
        Path empty = Files.createDirectories(tmp.resolve("empty"));
        assertThatThrownBy(() -> Merge.merge(tmp.resolve("m"), List.of(a, empty), thresholds, Optional.empty()))
                .hasMessageContaining(empty + " is not a run: it has no results.jsonl");
        Path unfinished = sqlite(e -> { });
        Path results = unfinished.resolve(ResultsFile.NAME);
        Files.writeString(results, Files.readString(results).lines().filter(l -> !l.contains("\"kind\":\"end\""))
                .collect(Collectors.joining("\n", "", "\n")));
        assertThatThrownBy(() -> Merge.merge(tmp.resolve("m"), List.of(a, unfinished), thresholds, Optional.empty()))
                .hasMessageContaining(unfinished + " is not a complete run: it did not finish");
    }

    @Test
    void anOutputFolderWithFilesIsLeftAlone() throws Exception {
        Path out = Files.createDirectories(tmp.resolve("taken"));
        Files.writeString(out.resolve("notes.txt"), "mine");
        assertThatThrownBy(() -> Merge.merge(out, List.of(objectbox(e -> { }), sqlite(e -> { })), thresholds, Optional.empty()))
                .hasMessageContaining(out + " exists and is not an empty folder");
        try (var files = Files.list(out)) {
            assertThat(files.toList()).containsExactly(out.resolve("notes.txt"));
        }
    }

    /** Every file under a folder with its bytes' text, to show that a refused or failed merge left it as it was. */
    private static Map<String, String> tree(Path dir) throws Exception {
        Map<String, String> files = new TreeMap<>();
        try (Stream<Path> paths = Files.walk(dir)) {
            for (Path p : paths.toList()) {
                files.put(dir.relativize(p).toString(), Files.isDirectory(p) ? "/" : Files.readString(p,
                        StandardCharsets.ISO_8859_1));
            }
        }
        return files;
    }

    /** A run part with an HdrHistogram log, as a run's hdr/ holds them. */
    private Path withHdr(Path run, String engine) throws Exception {
        Path log = Files.createDirectories(run.resolve("hdr").resolve(engine).resolve("default"))
                .resolve("openrun-oqc.hlog");
        Files.copy(Path.of(MergeTest.class.getResource("/report/html/run/hdr/sqlite/default/openrun-oqc.hlog").toURI()),
                log);
        return run;
    }

    @Test
    void refusesAnOutputInsideAroundOrEqualToAnInputBeforeWritingAnything() throws Exception {
        Path a = withHdr(objectbox(e -> { }), "objectbox");
        Path b = withHdr(sqlite(e -> { }), "sqlite");
        Path link = Files.createSymbolicLink(tmp.resolve("link-to-sqlite"), b);
        Map<String, String> before = tree(b);

        assertThatThrownBy(() -> Merge.merge(b.resolve("hdr/m"), List.of(a, b), thresholds, Optional.empty()))
                .isInstanceOf(Merge.Refused.class)
                .hasMessage("output " + b.resolve("hdr/m") + " is inside the input " + b + ": Merge would write into a"
                        + " run it reads; give an OUT_DIR outside every input (and holding none)");
        assertThatThrownBy(() -> Merge.merge(link.resolve("hdr/m"), List.of(a, b), thresholds, Optional.empty()))
                .as("a link does not hide it").hasMessageStartingWith("output " + link.resolve("hdr/m")
                        + " is inside the input " + b);
        assertThatThrownBy(() -> Merge.merge(b, List.of(a, b), thresholds, Optional.empty()))
                .hasMessageStartingWith("output " + b + " is the input " + b + ": ");
        assertThatThrownBy(() -> Merge.merge(tmp, List.of(a, b), thresholds, Optional.empty()))
                .hasMessageStartingWith("output " + tmp + " contains the input " + a + ": ");

        ByteArrayOutputStream err = new ByteArrayOutputStream();
        String[] args = {b.resolve("hdr/m").toString(), a.toString(), b.toString()};
        assertThat(Merge.run(args, new PrintStream(new ByteArrayOutputStream()), new PrintStream(err, true,
                StandardCharsets.UTF_8))).isEqualTo(2);
        assertThat(err.toString(StandardCharsets.UTF_8)).startsWith("Merge: output " + b.resolve("hdr/m")
                + " is inside the input " + b);
        assertThat(tree(b)).as("the input, untouched").isEqualTo(before);
    }

    @Test
    void aMergeThatFailsPartWayRemovesWhatItWroteAndOnlyThat() throws Exception {
        // a stray log under the other run's engine: the two runs' hdr/ collide once the first one's is copied
        Path a = withHdr(withHdr(objectbox(e -> { }), "objectbox"), "sqlite");
        Path b = withHdr(sqlite(e -> { }), "sqlite");
        Map<String, String> beforeA = tree(a);
        Map<String, String> beforeB = tree(b);
        Path made = tmp.resolve("new");
        Path kept = Files.createDirectories(tmp.resolve("kept"));

        assertThatThrownBy(() -> Merge.merge(made.resolve("merged"), List.of(a, b), thresholds, Optional.empty()))
                .isInstanceOf(Merge.Refused.class).hasMessageContaining("and a file of another run would both be "
                        + made.resolve("merged/hdr/sqlite/default/openrun-oqc.hlog"));
        assertThat(made).as("the folders it made on the way, gone").doesNotExist();

        assertThatThrownBy(() -> Merge.merge(kept, List.of(a, b), thresholds, Optional.empty()))
                .hasMessageContaining("and a file of another run would both be");
        assertThat(kept).as("the empty folder it was given stays, empty").isEmptyDirectory();
        assertThat(tree(a)).isEqualTo(beforeA);
        assertThat(tree(b)).isEqualTo(beforeB);
    }

    @Test
    void anOutputThatIsAFileIsNamedAsOne() throws Exception {
        Path file = Files.writeString(tmp.resolve("x"), "mine");
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        String[] args = {file.toString(), objectbox(e -> { }).toString(), sqlite(e -> { }).toString()};

        assertThat(Merge.run(args, new PrintStream(new ByteArrayOutputStream()), new PrintStream(err, true,
                StandardCharsets.UTF_8))).isEqualTo(2);

        assertThat(err.toString(StandardCharsets.UTF_8)).isEqualTo("Merge: output " + file + " is a file, not a"
                + " folder: give a folder that is absent or empty" + System.lineSeparator());
        assertThat(Files.readString(file)).isEqualTo("mine");
        assertThatThrownBy(() -> Merge.merge(file.resolve("m"), List.of(tmp.resolve("objectbox"),
                tmp.resolve("sqlite")), thresholds, Optional.empty())).hasMessage("output " + file.resolve("m") + " cannot be made: "
                + file + " is a file, not a folder; give a folder that is absent or empty");
    }

    @Test
    void aRunWithoutEnvironmentJsonIsRefusedNotGivenAnUnknownMachine() throws Exception {
        Path a = objectbox(e -> { });
        Path b = sqlite(e -> { });
        Files.delete(b.resolve(RunResults.ENVIRONMENT));

        assertThatThrownBy(() -> Merge.merge(tmp.resolve("m"), List.of(a, b), thresholds, Optional.empty()))
                .isInstanceOf(Merge.Refused.class)
                .hasMessageStartingWith(b + " is not a complete run: it has no environment.json (")
                .hasMessageEndingWith("give the run's whole folder as the run wrote it");
        assertThat(tmp.resolve("m")).doesNotExist();
    }

    @Test
    void exitCodesTwoForBadInputAndOneForABrokenRule() throws Exception {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        PrintStream o = new PrintStream(out, true, StandardCharsets.UTF_8);
        PrintStream e = new PrintStream(err, true, StandardCharsets.UTF_8);
        assertThat(Merge.run(new String[] {tmp.resolve("m").toString()}, o, e)).isEqualTo(2);
        assertThat(err.toString(StandardCharsets.UTF_8)).startsWith("usage: Merge OUT_DIR RUN_DIR RUN_DIR...");

        Path a = objectbox(x -> { });
        Path b = sqlite(x -> { });
        Files.writeString(thresholds, "ceilings:\n  - engine: sqlite\n    workload: small\n    max:\n      oqc_ms: 0.001\n");
        String previous = System.getProperty("bench.thresholds");
        System.setProperty("bench.thresholds", thresholds.toString());
        try {
            List<String> args = new ArrayList<>(List.of(tmp.resolve("m").toString(), a.toString(), b.toString()));
            assertThat(Merge.run(args.toArray(String[]::new), o, e)).isEqualTo(1);
        } finally {
            if (previous == null) {
                System.clearProperty("bench.thresholds");
            } else {
                System.setProperty("bench.thresholds", previous);
            }
        }
        assertThat(out.toString(StandardCharsets.UTF_8)).contains("gate FAILED: ").contains("oqc_ms");
        assertThat(tmp.resolve("m").resolve(MarkdownReport.NAME)).exists();
    }
}
