package storebench.run;

import storebench.report.ReportFiles;
import storebench.StartsProcesses;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import storebench.engine.EngineDescriptor;
import storebench.engine.ObjectBoxEngine;
import storebench.engine.SqliteEngine;
import storebench.model.Setting;
import storebench.model.StoreLayout;
import storebench.model.TrialRuntime;
import storebench.phase.Phase;
import storebench.phase.Phases;
import storebench.report.render.MarkdownReport;
import storebench.results.RunResults;
import storebench.results.Stat;
import storebench.run.BenchOptions;
import storebench.tools.ReportCheck;
import storebench.trial.TrialFailure;

import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.TimeUnit;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * Faults with real trial processes (JVM engines, small workload, a few seconds): a trial process killed
 * mid-phase, and reuse after an interrupted run.
 */
@StartsProcesses
class FaultsTest {
    private static final PrintStream QUIET = new PrintStream(OutputStream.nullOutputStream());

    @TempDir
    Path tmp;

    private BenchOptions options(String engines, int stores, Map<String, String> more) {
        Map<String, String> p = new HashMap<>(Map.of("bench.engines", engines, "bench.stores", String.valueOf(stores),
                "bench.hold", "5"));
        p.putAll(more);
        return SmallRuns.options(tmp.resolve("out"), tmp.resolve("root"), p);
    }

    @Test
    void killedTrialProcessFailsThatEngineOnlyAndTheReportMarksItsCells() throws Exception {
        BenchOptions o = options("objectbox-cached,sqlite", 1000, Map.of());
        try (Bench bench = Bench.start(o, QUIET, (d, c) -> ReportFiles.write(d, Phases.ALL, c::println))) {
            Trial victim = bench.trial(SqliteEngine.DESCRIPTOR, Setting.DEFAULT);
            // in the middle of create: once its first stores exist (a fixed delay from the process' start can end in
            // hello on a loaded machine)
            Path creating = tmp.resolve("root").resolve("small").resolve("sqlite").resolve("default");
            Thread killer = new Thread(() -> killTrialProcessOnceCreating(creating, 20));
            killer.start();
            assertThatThrownBy(() -> victim.measure(Phases.CREATE)).isInstanceOf(TrialFailure.class)
                    .hasMessageContaining("create failed")
                    .hasMessageContaining("stores done")
                    .hasMessageContaining("exit status 137");
            killer.join();

            Trial other = bench.trial(ObjectBoxEngine.CACHED_MODEL, Setting.DEFAULT);
            // every phase that yields a statistic every engine has (concurrency's are optional)
            for (Phase p : Phases.ALL) {
                if (p.stats().stream().anyMatch(s -> !s.optional())) {
                    other.measure(p);
                }
            }
            assertThatThrownBy(() -> victim.measure(Phases.OPEN_RUNS)).hasMessageContaining("an earlier phase failed");
        }
        Path out = tmp.resolve("out");
        RunResults results = RunResults.load(out);
        for (Stat stat : Phases.stats().stream().filter(s -> !s.optional()).toList()) {
            assertThat(results.measurement("objectbox-cached", "default", stat.id())).as(stat.id())
                    .matches(m -> m.isPresent() == stat.measuredIn(TrialRuntime.JVM));
        }
        assertThat(ReportCheck.missing(results, Files.readString(out.resolve(MarkdownReport.NAME))))
                .allSatisfy(m -> assertThat(m).startsWith("sqlite/default"));
        assertThat(Files.readString(out.resolve(MarkdownReport.NAME))).contains("| failed |");
        assertThat(liveTrialProcesses()).isEmpty();
    }

    @Test
    void reuseKeepsValidStoresAndRecreatesOneWhoseCountDoesNotMatch() throws Exception {
        try (Bench bench = Bench.start(options("sqlite", 6, Map.of("bench.keep", "true")), QUIET, (d, c) -> ReportFiles.write(d, Phases.ALL, c::println))) {
            bench.trial(SqliteEngine.DESCRIPTOR, Setting.DEFAULT).measure(Phases.CREATE);
        }
        Path trialDir = tmp.resolve("root").resolve("small").resolve("sqlite").resolve("default");
        // store 2 is "half written": its database lost its table
        Path db = StoreLayout.storeDir(trialDir, 2).resolve("store.db");
        Files.write(db, new byte[0]);

        try (Bench bench = Bench.start(options("sqlite", 8, Map.of("bench.reuse", "true")), QUIET, (d, c) -> ReportFiles.write(d, Phases.ALL, c::println))) {
            Trial trial = bench.trial(SqliteEngine.DESCRIPTOR, Setting.DEFAULT);
            trial.measure(Phases.CREATE);
            assertThat(trial.reusedStores()).isEqualTo(5);
            assertThat(trial.createdStores()).isEqualTo(3);
            trial.measure(Phases.OPEN_RUNS); // every count checked: store 2 was made anew
        }
        assertThat(Files.readString(tmp.resolve("out").resolve(MarkdownReport.NAME)))
                .contains("5 stores reused from an earlier run (bench.reuse), 3 created");
    }

    @Test
    void aTruncatedLmdbStoreFailsTheReuseCheckWithoutKillingItAndIsMadeAnewSayingSo() throws Exception {
        Map<String, String> tuned = Map.of("bench.settings", "tuned", "bench.workload", "large");
        try (Bench bench = Bench.start(options("lmdb", 6, with(tuned, "bench.keep", "true")), QUIET, (d, c) -> ReportFiles.write(d, Phases.ALL, c::println))) {
            bench.trial(storebench.engine.LmdbEngine.DESCRIPTOR, Setting.TUNED).measure(Phases.CREATE);
        }
        Path data = StoreLayout.storeDir(tmp.resolve("root").resolve("large").resolve("lmdb").resolve("tuned"), 3)
                .resolve("data.mdb");
        try (java.io.RandomAccessFile f = new java.io.RandomAccessFile(data.toFile(), "rw")) {
            f.setLength(196_608); // `truncate -s 196608 .../store-3/data.mdb`: SIGBUS in the check before
        }
        java.io.ByteArrayOutputStream console = new java.io.ByteArrayOutputStream();

        try (Bench bench = Bench.start(options("lmdb", 6, with(tuned, "bench.reuse", "true")),
                new PrintStream(console, true, java.nio.charset.StandardCharsets.UTF_8), (d, c) -> ReportFiles.write(d, Phases.ALL, c::println))) {
            Trial trial = bench.trial(storebench.engine.LmdbEngine.DESCRIPTOR, Setting.TUNED);
            trial.measure(Phases.CREATE);
            assertThat(trial.reusedStores()).isEqualTo(5);
            assertThat(trial.createdStores()).isEqualTo(1);
            trial.measure(Phases.OPEN_RUNS); // every count checked: store 3 was made anew
        }
        assertThat(console.toString(java.nio.charset.StandardCharsets.UTF_8)).contains("[storebench] lmdb/tuned: 1"
                + " kept store failed the check (store-3: damaged, unreadable, or not 1000 notes): made anew"
                + " (bench.reuse)");
        assertThat(RunResults.load(tmp.resolve("out")).failures()).isEmpty();
    }

    @Test
    void reuseUnderAnotherSettingThanThePoolWasKeptUnderSaysWhyNothingWasReused() throws Exception {
        try (Bench bench = Bench.start(options("sqlite", 6, Map.of("bench.keep", "true")), QUIET, (d, c) -> ReportFiles.write(d, Phases.ALL, c::println))) {
            bench.trial(SqliteEngine.DESCRIPTOR, Setting.DEFAULT).measure(Phases.CREATE);
        }
        java.io.ByteArrayOutputStream console = new java.io.ByteArrayOutputStream();
        try (Bench bench = Bench.start(options("sqlite", 6, Map.of("bench.reuse", "true", "bench.settings", "tuned")),
                new PrintStream(console, true, java.nio.charset.StandardCharsets.UTF_8), (d, c) -> ReportFiles.write(d, Phases.ALL, c::println))) {
            Trial trial = bench.trial(SqliteEngine.DESCRIPTOR, Setting.TUNED);
            trial.measure(Phases.CREATE);
            assertThat(trial.reusedStores()).isZero();
        }
        String said = "sqlite/tuned: nothing to reuse: no kept stores in " + tmp.resolve("root").resolve("small")
                .resolve("sqlite").resolve("tuned") + "; this engine's kept stores are under default, and a pool is"
                + " kept per setting: stores kept under one setting are not reused under another";
        assertThat(console.toString(java.nio.charset.StandardCharsets.UTF_8)).contains("[storebench] " + said
                + " (bench.reuse)");
        assertThat(Files.readString(tmp.resolve("out").resolve(MarkdownReport.NAME)))
                .contains("Store pool (bench.reuse): nothing reused, 6 created. Not reused: " + said + ".");
    }

    private static Map<String, String> with(Map<String, String> base, String key, String value) {
        Map<String, String> m = new HashMap<>(base);
        m.put(key, value);
        return m;
    }

    @Test
    void aDamagedPoolJsonUnderReuseIsNamedAndItsStoresAreMadeAnew() throws Exception {
        try (Bench bench = Bench.start(options("sqlite", 6, Map.of("bench.keep", "true")), QUIET, (d, c) -> ReportFiles.write(d, Phases.ALL, c::println))) {
            bench.trial(SqliteEngine.DESCRIPTOR, Setting.DEFAULT).measure(Phases.CREATE);
        }
        Path poolJson = tmp.resolve("root").resolve("small").resolve("sqlite").resolve("default")
                .resolve(TrialPool.POOL_IDENTITY);
        Files.writeString(poolJson, "garbage");
        java.io.ByteArrayOutputStream console = new java.io.ByteArrayOutputStream();

        try (Bench bench = Bench.start(options("sqlite", 6, Map.of("bench.reuse", "true")),
                new PrintStream(console, true, java.nio.charset.StandardCharsets.UTF_8), (d, c) -> ReportFiles.write(d, Phases.ALL, c::println))) {
            Trial trial = bench.trial(SqliteEngine.DESCRIPTOR, Setting.DEFAULT);
            trial.measure(Phases.CREATE);
            assertThat(trial.reusedStores()).isZero();
            assertThat(trial.createdStores()).isEqualTo(6);
        }

        assertThat(console.toString(java.nio.charset.StandardCharsets.UTF_8)).contains("[storebench] sqlite/default: "
                + poolJson + " is damaged (not JSON: Unrecognized token 'garbage'").contains("so what made the kept"
                + " stores is unknown; not reused: the stores are made anew (bench.reuse)");
        assertThat(RunResults.load(tmp.resolve("out")).failures()).isEmpty();
        assertThat(Files.readString(poolJson)).as("written again").contains("\"engine\":\"sqlite\"");
    }

    @Test
    void aLinkNamedLikeAStoreIsNamedWithWhyAndLeftAlone() throws Exception {
        Path trialDir = tmp.resolve("root").resolve("small").resolve("sqlite").resolve("default");
        Files.createDirectories(trialDir);
        Files.writeString(tmp.resolve("root").resolve(StorePool.MARKER), "storebench's\n");
        Path outside = Files.createDirectories(tmp.resolve("outside"));
        Path link = Files.createSymbolicLink(trialDir.resolve("store-2"), outside);
        try (Bench bench = Bench.start(options("sqlite", 6, Map.of()), QUIET, (d, c) -> ReportFiles.write(d, Phases.ALL, c::println))) {
            assertThatThrownBy(() -> bench.trial(SqliteEngine.DESCRIPTOR, Setting.DEFAULT).measure(Phases.CREATE))
                    .isInstanceOf(TrialFailure.class)
                    .hasMessageContaining(link + " is a symbolic link (to " + outside + ") that storebench did not make")
                    .hasMessageContaining("Remove it, or choose another -Dbench.root");
        }
        assertThat(Files.isSymbolicLink(link)).as("left alone").isTrue();
        assertThat(outside).isEmptyDirectory();
        assertThat(RunResults.load(tmp.resolve("out")).failures()).singleElement().asString()
                .startsWith("sqlite/default: create failed: " + link + " is a symbolic link");
    }

    @Test
    void trialProcessExitsWhenTheSuiteIsKilled() throws Exception {
        // a stand-in suite: bash starts a trial process and is then killed with SIGKILL
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        String cp = TrialClasspath.find();
        Process suite = new ProcessBuilder("bash", "-c", "sleep 600 | '" + java + "' -cp '" + cp
                + "' storebench.trial.child.TrialMain & wait").start();
        Optional<ProcessHandle> child = Optional.empty();
        for (int k = 0; k < 100 && child.isEmpty(); k++) {
            Thread.sleep(100);
            child = suite.descendants().filter(p -> commandLine(p).contains("TrialMain")).findFirst();
        }
        assertThat(child).as("trial process started").isPresent();
        ProcessHandle trial = child.get();
        suite.descendants().filter(p -> !p.equals(trial)).forEach(ProcessHandle::destroyForcibly);
        suite.destroyForcibly();
        suite.waitFor(5, TimeUnit.SECONDS);
        trial.onExit().get(10, TimeUnit.SECONDS);
        assertThat(trial.isAlive()).isFalse();
    }

    @Test
    void aRunThatCannotFitStopsAtOnceWithTheEstimateAndTheSpaceFree() {
        long free = tmp.toFile().getUsableSpace();
        int stores = (int) Math.min(Integer.MAX_VALUE, free / ObjectBoxEngine.SYNC_EVERY_OPEN.diskEstimateBytes(storebench.model.Workload.LARGE) + 10);
        BenchOptions o = options("objectbox", stores, Map.of("bench.workload", "large", "bench.hold", "1"));
        assertThatThrownBy(() -> Bench.start(o, QUIET, (d, c) -> ReportFiles.write(d, Phases.ALL, c::println)).close())
                .hasMessageContaining("not enough disk space under the bench root " + tmp.resolve("root"))
                .hasMessageContaining("MiB are free");
        assertThat(tmp.resolve("out").resolve("results.jsonl")).doesNotExist();
    }

    /** SIGKILLs the live trial processes once {@code trialDir} holds at least {@code stores} entries (stores). */
    private static void killTrialProcessOnceCreating(Path trialDir, int stores) {
        try {
            for (int k = 0; k < 1200; k++) {
                long made = 0;
                if (Files.isDirectory(trialDir)) {
                    try (var entries = Files.list(trialDir)) {
                        made = entries.count();
                    } catch (java.io.IOException e) {
                        made = 0;
                    }
                }
                List<ProcessHandle> trials = liveTrialProcesses();
                if (made >= stores && !trials.isEmpty()) {
                    trials.forEach(ProcessHandle::destroyForcibly); // SIGKILL
                    return;
                }
                Thread.sleep(25);
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    private static List<ProcessHandle> liveTrialProcesses() {
        return ProcessHandle.current().descendants()
                .filter(p -> p.isAlive() && commandLine(p).contains("storebench.trial.child.TrialMain"))
                .collect(java.util.stream.Collectors.toList());
    }

    /**
     * A process' whole command line. ProcessHandle.Info.commandLine() reads at most one page of /proc/PID/cmdline and
     * gives up beyond it (JDK 17: 4,096 bytes), and a trial process' classpath is longer than that, so TrialMain, which
     * follows it, would never be found.
     */
    private static String commandLine(ProcessHandle p) {
        try {
            return new String(Files.readAllBytes(Path.of("/proc", String.valueOf(p.pid()), "cmdline")),
                    java.nio.charset.StandardCharsets.UTF_8).replace('\0', ' ');
        } catch (java.io.IOException | SecurityException e) {
            return p.info().commandLine().orElse("");
        }
    }
}
