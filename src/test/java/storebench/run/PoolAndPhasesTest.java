package storebench.run;

import storebench.report.ReportFiles;
import storebench.StartsProcesses;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import storebench.engine.SqliteEngine;
import storebench.model.Setting;
import storebench.phase.Phases;
import storebench.report.render.MarkdownReport;
import storebench.results.RunResults;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The store pool as the phases of a run see it: made whatever bench.phases says, but its create and disk figures are
 * the create and disk phases' only where they were asked for; kept stores beyond a smaller N are left alone; and the
 * stores a killed run left in a phase's own folder go before the next run of that engine and setting makes any.
 */
@StartsProcesses
class PoolAndPhasesTest {
    @TempDir
    Path tmp;

    private final ByteArrayOutputStream console = new ByteArrayOutputStream();

    private Bench start(Path out, Path root, Map<String, String> more) throws Exception {
        return Bench.start(SmallRuns.options(out, root, more), new PrintStream(console, true, StandardCharsets.UTF_8),
                (d, c) -> ReportFiles.write(d, Phases.ALL, c::println));
    }

    @Test
    void aRunWithoutTheCreateAndDiskPhasesMakesThePoolButRecordsNoFigureOfThem() throws Exception {
        Path out = tmp.resolve("out");
        try (Bench bench = start(out, tmp.resolve("root"), Map.of("bench.phases", "openRuns"))) {
            bench.trial(SqliteEngine.DESCRIPTOR, Setting.DEFAULT).measure(Phases.OPEN_RUNS);
        }

        RunResults results = RunResults.load(out);
        assertThat(results.measurement("sqlite", "default", "oqc_ms")).isPresent();
        assertThat(results.measurement("sqlite", "default", "create_ms")).as("create was not asked for").isEmpty();
        assertThat(results.measurement("sqlite", "default", "disk_kb")).as("disk was not asked for").isEmpty();
        assertThat(results.lines("pool")).singleElement().satisfies(l -> assertThat(l.path("created").asInt())
                .isEqualTo(5));
        String report = Files.readString(out.resolve(MarkdownReport.NAME), StandardCharsets.UTF_8);
        assertThat(report).contains("; not measured: create, disk, memory");
        assertThat(report.lines().filter(l -> l.startsWith("| Create, write") || l.startsWith("| Space per store")))
                .allSatisfy(row -> assertThat(row).endsWith("| – |"));
    }

    @Test
    void aSmallerRunReusingAKeptPoolLeavesTheStoresBeyondItsNAlone() throws Exception {
        Path root = tmp.resolve("root");
        try (Bench bench = start(tmp.resolve("out1"), root, Map.of("bench.stores", "6", "bench.keep", "true",
                "bench.phases", "create"))) {
            bench.trial(SqliteEngine.DESCRIPTOR, Setting.DEFAULT).measure(Phases.CREATE);
        }
        Path pool = root.resolve("small/sqlite/default");
        assertThat(StorePool.existingStores(pool)).containsExactlyInAnyOrder(0, 1, 2, 3, 4, 5);

        try (Bench bench = start(tmp.resolve("out2"), root, Map.of("bench.stores", "3", "bench.keep", "true",
                "bench.reuse", "true", "bench.phases", "create"))) {
            bench.trial(SqliteEngine.DESCRIPTOR, Setting.DEFAULT).measure(Phases.CREATE);
        }

        assertThat(StorePool.existingStores(pool)).containsExactlyInAnyOrder(0, 1, 2, 3, 4, 5);
        assertThat(RunResults.load(tmp.resolve("out2")).lines("pool")).singleElement().satisfies(l -> {
            assertThat(l.path("reused").asInt()).isEqualTo(3);
            assertThat(l.path("created").asInt()).isEqualTo(0);
        });
        assertThat(console.toString(StandardCharsets.UTF_8)).contains("sqlite/default: 3 kept stores beyond N = 3"
                + " (store-3 to store-5) are not used by this run and left as they are (bench.reuse)");
    }

    @Test
    void theCopiesAKilledRunLeftInAPhasesOwnFolderGoBeforeTheNextRunMakesItsStores() throws Exception {
        Path root = tmp.resolve("root");
        StorePool claimed = StorePool.claim(root);
        Path copies = claimed.trialDir("traffic", "sqlite", "default"); // as a kill -9 mid-traffic leaves them
        for (int i = 0; i < 3; i++) {
            Files.writeString(Files.createDirectories(copies.resolve("store-" + i)).resolve("notes.db"), "copy");
        }
        Path otherSetting = claimed.trialDir("traffic", "sqlite", "mmap-threshold");
        Files.writeString(Files.createDirectories(otherSetting.resolve("store-0")).resolve("notes.db"), "copy");
        Path keptPool = claimed.trialDir("large", "sqlite", "default"); // another workload's kept pool: not a leftover
        Files.writeString(Files.createDirectories(keptPool.resolve("store-0")).resolve("notes.db"), "kept");

        try (Bench bench = start(tmp.resolve("out"), root, Map.of("bench.phases", "create"))) {
            bench.trial(SqliteEngine.DESCRIPTOR, Setting.DEFAULT).measure(Phases.CREATE);
        }

        assertThat(StorePool.existingStores(copies)).isEmpty();
        assertThat(console.toString(StandardCharsets.UTF_8)).contains("sqlite/default: deleting 3 stores a stopped run"
                + " left in " + copies);
        assertThat(StorePool.existingStores(otherSetting)).as("another setting's: its own next run's").containsExactly(0);
        assertThat(StorePool.existingStores(keptPool)).containsExactly(0);
    }
}
