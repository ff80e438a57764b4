package storebench.report;

import storebench.report.model.Block;
import storebench.report.model.Section;
import storebench.report.model.Text;

import storebench.phase.Phases;
import storebench.phase.ColdPhase;
import storebench.phase.ConcurrencyPhase;
import storebench.phase.CreatePhase;
import storebench.phase.DiskPhase;
import storebench.phase.MemoryPhase;
import storebench.phase.OpenRunsPhase;
import storebench.results.Stat;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.junit.jupiter.api.Test;
import storebench.results.ResultsFile;
import storebench.results.RunResults;

import java.util.ArrayList;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The report's opening and its "Against the reference" section, from a run made up for the purpose: who leads, which
 * engines tie (their runs overlap, or one-pass figures within the comparison's tolerance), the ratios, the facts.
 */
class SummaryTest {
    private final List<JsonNode> lines = new ArrayList<>();

    SummaryTest() {
        ObjectNode run = ResultsFile.line("run").put("stores", 1000).put("notesPerStore", 1000).put("runs", 3)
                .put("hold", 1000).put("workload", "large");
        run.putArray("engines").add("objectbox").add("objectbox-cached").add("sqlite").add("turso").add("libsql")
                .add("sqlite-node").add("h2").add("lmdb").add("xodus");
        run.putArray("settings").add("default").add("mmap-threshold");
        lines.add(run);
    }

    private void stat(String engine, String setting, Stat stat, double value, double... runs) {
        ObjectNode l = ResultsFile.line("stat").put("engine", engine).put("setting", setting).put("stat", stat.id())
                .put("value", value);
        l.set("about", stat.about(1000, 1000, Phases.phaseOf(stat).id(), Phases.order(stat)));
        if (runs.length > 0) {
            var a = l.putArray("runs");
            for (double r : runs) {
                a.add(r);
            }
        }
        lines.add(l);
    }

    private void oqc(String engine, double median, double low, double high) {
        stat(engine, "default", OpenRunsPhase.OQC_MS, median, low, median, high);
    }

    private void parts(String engine, double open, double count, double close) {
        stat(engine, "default", OpenRunsPhase.OPEN_MS, open, 0.0, 1.0);
        stat(engine, "default", OpenRunsPhase.COUNT_MS, count, 0.0, 1.0);
        stat(engine, "default", OpenRunsPhase.CLOSE_MS, close, 0.0, 1.0);
    }

    private Summary summary() {
        return new Summary(ReportRun.of(new RunResults(storebench.phase.Described.lines(lines), null)), ReportBuilder.IN_REFERENCE);
    }

    private List<String> sentences() {
        return summary().rankings().lines();
    }

    private String sentence(String start) {
        return sentences().stream().filter(s -> s.startsWith(start)).findFirst().orElseThrow();
    }

    /** A line of the memory total as a run that has the statistic writes it: described by its "about". */
    private void total(String engine, double value) {
        ObjectNode l = ResultsFile.line("stat").put("engine", engine).put("setting", "default")
                .put("stat", MemoryPhase.MEM_TOTAL_KB.id()).put("value", value);
        l.putObject("about").put("label", "Memory per open store (%M% open), in total").put("unit", "kb")
                .put("decimals", 0).put("better", "lower").put("group", "memory").put("order", 9).put("ofRuns", false)
                .put("tolerance", 0.05);
        lines.add(l);
    }

    @Test
    void theOpeningNamesTheFastestVisitItsRunnerUpAndTheReferencesSqliteButNotEveryEngine() {
        oqc("lmdb", 0.208, 0.205, 0.210);
        oqc("h2", 0.250, 0.245, 0.255);
        oqc("sqlite", 0.275, 0.270, 0.280);
        oqc("sqlite-node", 0.292, 0.285, 0.300);
        oqc("objectbox", 0.774, 0.760, 0.790);

        assertThat(summary().opening()).containsExactly("With defaults, a visit (open, count query, close) is fastest"
                + " with LMDB, 0.208 ms; the runner-up, H2, takes 1.20 times as long (0.250 ms), SQLite 1.32 times"
                + " (0.275 ms).");
    }

    @Test
    void theOpeningsMemorySentenceRanksByTheTotalWhereTheRunHasIt() {
        stat("xodus", "default", MemoryPhase.MEM_RESIDENT_KB, 0.3);
        stat("h2", "default", MemoryPhase.MEM_RESIDENT_KB, 113);
        stat("sqlite", "default", MemoryPhase.MEM_RESIDENT_KB, 425);
        total("xodus", 25);
        total("h2", 1119);
        total("sqlite", 426);

        assertThat(summary().opening()).containsExactly("An open store costs least memory with Xodus, 25 KB (resident"
                + " plus, in a JVM, heap growth); the runner-up, SQLite, needs 17 times as much (426 KB).");
    }

    @Test
    void aRunWithoutTheTotalHasNoMemorySentence() {
        stat("xodus", "default", MemoryPhase.MEM_RESIDENT_KB, 0.3);
        stat("h2", "default", MemoryPhase.MEM_RESIDENT_KB, 113);

        assertThat(summary().opening()).isEmpty();
    }

    @Test
    void theOpeningNamesTwoTiesAtMostAndTheCreateSentenceItsNotesPerStore() {
        stat("sqlite", "default", CreatePhase.CREATE_MS, 6.00);
        stat("sqlite-node", "default", CreatePhase.CREATE_MS, 6.10);
        stat("libsql", "default", CreatePhase.CREATE_MS, 6.20);
        stat("turso", "default", CreatePhase.CREATE_MS, 6.30);
        stat("objectbox", "default", CreatePhase.CREATE_MS, 9.00);

        assertThat(summary().opening()).containsExactly("Creating a store with its 1,000 notes in one transaction is"
                + " fastest with SQLite, 6.00 ms, tied with SQLite (Node.js) at 6.10 ms, libSQL at 6.20 ms and others;"
                + " the runner-up, ObjectBox, sync every open, takes 1.50 times as long (9.00 ms).");
    }

    @Test
    void aRunsOnlyEngineIsNotCalledTheFastest() {
        oqc("lmdb", 0.208, 0.205, 0.210);
        stat("lmdb", "default", CreatePhase.CREATE_MS, 2.19);

        assertThat(summary().opening()).containsExactly("With defaults, a visit (open, count query, close) takes"
                + " 0.208 ms with LMDB.", "Creating a store with its 1,000 notes in one transaction takes 2.19 ms with"
                + " LMDB.");
    }

    @Test
    void whereNoEngineNamedIsTheReferencesTheBestOfThemIsAdded() {
        oqc("lmdb", 0.208, 0.205, 0.210);
        oqc("h2", 0.250, 0.245, 0.255);
        oqc("xodus", 1.8, 1.7, 1.9);
        oqc("turso", 2.472, 2.4, 2.5);
        oqc("objectbox", 0.774, 0.760, 0.790);

        assertThat(summary().opening()).containsExactly("With defaults, a visit (open, count query, close) is fastest"
                + " with LMDB, 0.208 ms; the runner-up, H2, takes 1.20 times as long (0.250 ms), ObjectBox, sync every"
                + " open 3.7 times (0.774 ms).");
    }

    @Test
    void namesTheLeaderItsTiesTheRunnerUpAndTheReferencesEnginesWithTheirRatios() {
        oqc("sqlite", 0.275, 0.270, 0.280);
        oqc("sqlite-node", 0.292, 0.279, 0.300); // overlaps SQLite's runs: a tie
        oqc("libsql", 0.307, 0.300, 0.310);      // does not: the runner-up
        oqc("objectbox", 0.774, 0.760, 0.790);
        oqc("objectbox-cached", 0.818, 0.800, 0.830);
        oqc("turso", 2.472, 2.4, 2.5);
        oqc("h2", 3.1, 3.0, 3.2);                // beyond the reference, neither leader nor runner-up: not named

        assertThat(sentence("Open, query (count), close")).isEqualTo("Open, query (count), close: SQLite leads at"
                + " 0.275 ms, tied with SQLite (Node.js) (0.292 ms); the runner-up, libSQL, takes 1.12 times as long"
                + " (0.307 ms), ObjectBox, sync every open 2.8 times (0.774 ms), ObjectBox, cached model 3.0 times"
                + " (0.818 ms), Turso Database 9.0 times (2.472 ms).");
    }

    @Test
    void anEngineBeyondTheReferenceIsNamedWhereItLeads() {
        stat("lmdb", "default", OpenRunsPhase.COUNT_MS, 0.004, 0.0039, 0.0041);
        stat("sqlite", "default", OpenRunsPhase.COUNT_MS, 0.204, 0.2, 0.21);
        stat("libsql", "default", OpenRunsPhase.COUNT_MS, 0.236, 0.23, 0.24);

        assertThat(sentence("The count query alone")).isEqualTo("The count query alone: LMDB leads at 0.004 ms; the"
                + " runner-up, SQLite, takes 51 times as long (0.204 ms), libSQL 59 times (0.236 ms).");
    }

    @Test
    void sayWhichPartOfOpenQueryCloseCostsMostPerEngine() {
        oqc("sqlite", 0.275, 0.270, 0.280);
        oqc("objectbox", 0.774, 0.760, 0.790);
        parts("sqlite", 0.054, 0.204, 0.014);
        parts("objectbox", 0.470, 0.207, 0.083);

        assertThat(sentence("Open, query (count), close")).endsWith(" Most of it is the count query for SQLite (75%),"
                + " the open for ObjectBox, sync every open (62%): each engine's largest part, as a share of its open,"
                + " count and close medians.");
    }

    @Test
    void onePassFiguresTieWithinTheComparisonsToleranceAndTheClosingNoteSaysSo() {
        stat("objectbox-cached", "default", CreatePhase.CREATE_MS, 5.10);
        stat("objectbox", "default", CreatePhase.CREATE_MS, 5.44);   // 6.7% more: within create's 10%
        stat("sqlite", "default", CreatePhase.CREATE_MS, 6.19);      // 21% more: the runner-up

        assertThat(sentence("Creating a store")).isEqualTo("Creating a store and writing its notes in one transaction:"
                + " ObjectBox, cached model leads at 5.10 ms, tied with ObjectBox, sync every open (5.44 ms); the"
                + " runner-up, SQLite, takes 1.21 times as long (6.19 ms).");
        assertThat(summary().rankings().note()).isEqualTo("Each line ranks the engines under defaults (the run's first"
                + " setting); tied: figures whose runs' ranges overlap, or for figures of one pass within 10% (create)"
                + " of each other.");
    }

    @Test
    void memorySaysHowMuchIsTheProcessOwnAndWhatTheSecondSettingMoves() {
        stat("sqlite", "default", MemoryPhase.MEM_RESIDENT_KB, 425);
        stat("sqlite", "default", MemoryPhase.MEM_ANON_KB, 425);
        stat("objectbox", "default", MemoryPhase.MEM_RESIDENT_KB, 2481);
        stat("objectbox", "default", MemoryPhase.MEM_ANON_KB, 2053);
        stat("sqlite", "mmap-threshold", MemoryPhase.MEM_RESIDENT_KB, 430);
        stat("objectbox", "mmap-threshold", MemoryPhase.MEM_RESIDENT_KB, 491);
        stat("sqlite", "default", MemoryPhase.MEM_TOTAL_KB, 425);
        stat("objectbox", "default", MemoryPhase.MEM_TOTAL_KB, 2481);
        stat("sqlite", "mmap-threshold", MemoryPhase.MEM_TOTAL_KB, 430);
        stat("objectbox", "mmap-threshold", MemoryPhase.MEM_TOTAL_KB, 491);

        assertThat(sentence("Memory per open store")).isEqualTo("Memory per open store, in total (resident, plus the Java heap's growth in a JVM): SQLite needs the least,"
                + " 425 KB; the runner-up, ObjectBox, sync every open, needs 5.8 times as much (2,481 KB). Of the"
                + " resident part, the process' own (anonymous) memory is at least 90% for SQLite; ObjectBox, sync every open 83%"
                + " (2,053 KB), the rest file-backed pages of its mapped store, which the page cache holds in any case."
                + " With mmap threshold 131072, ObjectBox, sync every open's falls to 491 KB; the others' stay within"
                + " 5%.");
    }

    @Test
    void aLeaderThatPrintsAsZeroGetsNoRatios() {
        stat("xodus", "default", MemoryPhase.MEM_TOTAL_KB, 0.332);
        stat("lmdb", "default", MemoryPhase.MEM_TOTAL_KB, 242.28);
        stat("sqlite", "default", MemoryPhase.MEM_TOTAL_KB, 425);

        assertThat(sentence("Memory per open store")).startsWith("Memory per open store, in total (resident, plus the Java heap's growth in a JVM): Xodus needs the least,"
                + " under 1 KB; the runner-up, LMDB, needs 242 KB, SQLite 425 KB.");
    }

    @Test
    void concurrencySaysWhatTheSecondWorkerBringsEachEngine() {
        stat("sqlite", "default", ConcurrencyPhase.perSecond(2), 6745, 6700, 6800);
        stat("objectbox", "default", ConcurrencyPhase.perSecond(2), 974, 950, 990);
        stat("sqlite", "default", ConcurrencyPhase.perSecond(1), 3454, 3400, 3500);
        stat("objectbox", "default", ConcurrencyPhase.perSecond(1), 1138, 1100, 1150);

        assertThat(sentence("Two workers")).isEqualTo("Two workers at once, open-query-close per second: SQLite leads"
                + " with 6,745; the runner-up, ObjectBox, sync every open, is 6.9 times slower (974). Against one"
                + " worker, two give SQLite 1.95 times and ObjectBox, sync every open 0.86 times the throughput.");
    }

    @Test
    void aMergedRunComparesOnlyEnginesMeasuredOnTheLeadersMachine() {
        oqc("sqlite", 0.275, 0.270, 0.280);
        oqc("objectbox", 0.774, 0.760, 0.790);
        oqc("libsql", 0.2, 0.19, 0.21);  // fastest, but measured on another machine
        ObjectNode env = ResultsFile.JSON.createObjectNode();
        var sources = env.putArray("sources");
        ObjectNode a = sources.addObject().put("dir", "a").put("machine", "m1");
        a.putArray("engines").add("sqlite").add("objectbox");
        a.putArray("settings").add("default");
        ObjectNode b = sources.addObject().put("dir", "b").put("machine", "m2");
        b.putArray("engines").add("libsql");
        b.putArray("settings").add("default");
        List<String> out = new Summary(ReportRun.of(new RunResults(storebench.phase.Described.lines(lines), env)), ReportBuilder.IN_REFERENCE)
                .rankings().lines();

        assertThat(out.get(0)).isEqualTo("Open, query (count), close: libSQL leads at 0.200 ms.");
    }

    @Test
    void againstTheReferenceSetsItsRatiosToSqliteBesideThisRunsOwnRuntimes() {
        stat("sqlite", "default", OpenRunsPhase.OQC_MS, 0.275, 0.27, 0.28);
        stat("objectbox-cached", "default", OpenRunsPhase.OQC_MS, 0.818, 0.8, 0.83);
        stat("sqlite-node", "default", OpenRunsPhase.OQC_MS, 0.292, 0.28, 0.3);
        stat("turso", "default", OpenRunsPhase.OQC_MS, 2.472, 2.4, 2.5);
        stat("objectbox-cached", "default", DiskPhase.DISK_KB, 432);  // SQLite's disk missing: no ratio here

        Section section = new AgainstReference(ReportRun.of(new RunResults(storebench.phase.Described.lines(lines), null)), ReferenceFigures.load(), l -> l)
                .section().orElseThrow();
        Block.Table table = section.blocks().stream().filter(Block.Table.class::isInstance)
                .map(Block.Table.class::cast).findFirst().orElseThrow();
        assertThat(table.header().stream().map(Text::plain)).containsExactly("defaults: reference \u2192 here",
                "ObjectBox, cached model", "Turso Database");
        List<String> oqc = table.rows().stream().filter(r -> r.get(0).plain().startsWith("Open, query, close"))
                .findFirst().orElseThrow().stream().map(Text::plain).toList();
        // the reference: 0.332 / 0.275 and 7.524 / 0.275; here: 0.818 / 0.275 (JVM), 2.472 / 0.292 (the Node worker's)
        assertThat(oqc).containsExactly("Open, query, close (median)", "1.21 \u2192 3.0", "27 \u2192 8.5");
        List<String> disk = table.rows().stream().filter(r -> r.get(0).plain().startsWith("Space per store, files"))
                .findFirst().orElseThrow().stream().map(Text::plain).toList();
        assertThat(disk).containsExactly("Space per store, files", "1.49 \u2192 \u2013", "1.00 \u2192 \u2013");
    }

    @Test
    void theReportPutsTheSectionAfterTheSettingsTablesForTheReferencesWorkloadOnly() {
        stat("sqlite", "default", OpenRunsPhase.OQC_MS, 0.275, 0.27, 0.28);
        stat("objectbox", "default", OpenRunsPhase.OQC_MS, 0.774, 0.76, 0.79);

        List<String> headings = ReportBuilder.of(new RunResults(storebench.phase.Described.lines(lines), null), Phases.ALL).findings().stream()
                .map(s -> s.heading().text()).toList();
        assertThat(headings).last().isEqualTo("Against the reference");

        ((ObjectNode) lines.get(0)).put("workload", "small").put("notesPerStore", 10);
        assertThat(new AgainstReference(ReportRun.of(new RunResults(storebench.phase.Described.lines(lines), null)), ReferenceFigures.load(), l -> l).section())
                .as("a small-workload run against the reference's 1,000 notes per store").isEmpty();
    }

    @Test
    void coldCostsThatDifferLittleAreSaidOnce() {
        oqc("sqlite", 0.275, 0.270, 0.280);
        oqc("objectbox", 0.774, 0.760, 0.790);
        stat("sqlite", "default", ColdPhase.COLD_OQC_MS, 0.523, 0.52, 0.53);
        stat("objectbox", "default", ColdPhase.COLD_OQC_MS, 1.500, 1.49, 1.51);

        assertThat(sentence("With the pool dropped")).endsWith(" Against its warm figure, the dropped cache costs"
                + " each of these about 1.94 times.");
        stat("objectbox", "default", ColdPhase.COLD_OQC_MS, 2.400, 2.39, 2.41);
        assertThat(sentence("With the pool dropped")).endsWith(" Against its warm figure, the dropped cache costs"
                + " ObjectBox, sync every open most (3.1 times) and SQLite least (1.90 times).");
    }

    @Test
    void noSectionWithoutAnEngineOfTheReferenceBesideItsSqlite() {
        stat("h2", "default", OpenRunsPhase.OQC_MS, 3.1, 3.0, 3.2);

        assertThat(new AgainstReference(ReportRun.of(new RunResults(storebench.phase.Described.lines(lines), null)), ReferenceFigures.load(), l -> l).section())
                .isEmpty();
    }
}
