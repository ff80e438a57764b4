package storebench.profile;

import storebench.engine.EngineDescriptor;
import storebench.measure.DeviceReads;
import storebench.measure.Latency;
import storebench.measure.LoadAverage;
import storebench.measure.PageCache;
import storebench.model.Setting;
import storebench.model.StoreLayout;
import storebench.model.TrialRuntime;
import storebench.phase.OpenRunsPhase;
import storebench.report.ProfileSection;
import storebench.results.ResultsFile;
import storebench.results.RunStats;
import storebench.run.Bench;
import storebench.run.BenchOptions;
import storebench.run.StorePool;
import storebench.run.Trial;
import storebench.run.TrialCommands;
import storebench.trial.Protocol;
import storebench.trial.TrialFailure;
import storebench.trial.TrialProcess;



import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.HdrHistogram.Histogram;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.TimeUnit;

/**
 * The parent's side of the profiling trials ({@code -Dbench.profile=true}), one engine at a time, each
 * step in trial processes of its own so one measurement cannot disturb another:
 * <ol>
 * <li>create profile on the bench root ({@code createprofile}), then in the same process the warm and the cold
 * open runs over those stores (residency before the warm runs; before each cold run the whole pool evicted,
 * checked by residency and by the process' device reads);</li>
 * <li>create profile on the tmpfs root;</li>
 * <li>a small create ({@value #STRACE_STORES} stores) under {@code strace -f -T}: sync calls per store;</li>
 * <li>JVM engines: a create profile and open runs with JFR recording: top frames of create and of open.</li>
 * </ol>
 * Every figure is a {@code kind: "profile"} line of results.jsonl; {@link ProfileSection} renders them.
 */
public final class ProfileRun implements AutoCloseable {
    public static final int STRACE_STORES = 20;
    public static final int TOP_FRAMES = 8;
    /** Back-to-back warm open runs in one process, for the noise over time. */
    public static final int NOISE_RUNS = 20;
    static final String MAIN_THREAD = "main";
    /**
     * The phase loops whose samples count as create and as open (storebench.trial.child.PhaseLoops; ProfileSupportTest checks
     * that they exist: a name that no longer does leaves the frames' table empty without an error).
     */
    static final String CREATE_LOOP = "storebench.trial.child.PhaseLoops.createProfile";
    static final String OPEN_LOOP = "storebench.trial.child.PhaseLoops.visits";
    /** The same in the Node worker's CPU profile: its functions' names (src/main/node/lib/phase-loops.js, visits.js). */
    static final String NODE_CREATE_LOOP = "createprofile";
    static final String NODE_OPEN_LOOP = "visits";

    private final Bench bench;
    private final BenchOptions options;
    private final ResultsFile results;
    private final StorePool pool;
    private final Path outputDir;
    private final Path profileDir;
    private final TrialCommands commands;
    private final Path workDir;
    private final Setting setting;
    private final PrintStream console;
    private final ScratchRoot tmpfs;
    private final String tmpfsUnavailable;
    private final Optional<String> straceUnavailable;
    private final boolean straceSeccomp;
    private final Map<String, SyncProbe.Latency> rootSync = new LinkedHashMap<>();

    private ProfileRun(Bench bench, PrintStream console) throws IOException {
        this.bench = bench;
        this.options = bench.options();
        this.results = bench.results();
        this.pool = bench.pool();
        this.outputDir = bench.outputDir();
        this.profileDir = Files.createDirectories(outputDir.resolve("profile"));
        this.commands = bench.commands();
        this.workDir = Files.createDirectories(options.projectDir.resolve("target").resolve("trial-work"));
        this.setting = options.settings.contains(Setting.DEFAULT) ? Setting.DEFAULT : options.settings.get(0);
        this.console = console;
        Optional<String> noTmpfs = ScratchRoot.unavailable();
        this.tmpfsUnavailable = noTmpfs.orElse(null);
        this.tmpfs = noTmpfs.isEmpty() ? ScratchRoot.claim() : null;
        this.straceUnavailable = straceUnavailable();
        this.straceSeccomp = straceUnavailable.isEmpty() && runs(List.of("strace", "-f", "--seccomp-bpf", "-e",
                "trace=fsync", "-o", "/dev/null", "true"));
    }

    public static ProfileRun start(Bench bench, PrintStream console) throws IOException {
        return new ProfileRun(bench, console);
    }

    /** Why an engine cannot be profiled here; empty if it can. */
    public Optional<String> unavailable(EngineDescriptor engine) {
        Optional<String> why = engine.unavailable();
        if (why.isEmpty() && engine.runtime() == TrialRuntime.NODE) {
            why = commands.nodeUnavailable();
        }
        return why;
    }

    // ---------------------------------------------------------------------------------------------------------
    // The roots' own sync latency and filesystems

    /** Write 4 KiB + fdatasync, {@value SyncProbe#ROUNDS} times, on the bench root and the tmpfs root. */
    public Map<String, SyncProbe.Latency> rootSyncLatency() throws IOException {
        probe("disk", pool, pool.trialDir(options.workload.id(), "profile-sync-probe", "root"));
        if (tmpfs != null) {
            probe("tmpfs", tmpfs.pool(), tmpfs.trialDir(options.workload.id(), "profile-sync-probe", "root"));
        } else {
            results.append(ResultsFile.line("profile").put("profile", "rootsync").put("root", "tmpfs")
                    .put("unavailable", tmpfsUnavailable));
        }
        return rootSync;
    }

    private void probe(String rootName, StorePool p, Path dir) throws IOException {
        Path store = StoreLayout.storeDir(dir, 0);
        p.deleteStore(dir, 0);
        Files.createDirectory(store);
        SyncProbe.Latency latency;
        try {
            latency = SyncProbe.measure(store.resolve("sync-probe.bin"), SyncProbe.ROUNDS);
        } finally {
            p.deleteStore(dir, 0);
        }
        rootSync.put(rootName, latency);
        Mounts.Mount m = Mounts.of(p.root());
        bench.describeRoot(rootName, p.root(), m.fsType(), m.options());
        results.append(ResultsFile.line("profile").put("profile", "rootsync").put("root", rootName)
                .put("rootPath", p.root().toString()).put("fsType", m.fsType()).put("mountOptions", m.options())
                .put("device", m.source()).put("fdatasyncMedianMs", latency.medianMs())
                .put("fdatasyncP90Ms", latency.p90Ms()).put("rounds", latency.rounds())
                .put("blockBytes", SyncProbe.BLOCK));
    }

    // ---------------------------------------------------------------------------------------------------------
    // One engine

    /** Every profile of one engine; the figures are appended to results.jsonl as they are measured. */
    public void profile(EngineDescriptor engine) throws Exception {
        int n = options.stores;
        Path diskDir = pool.trialDir(options.workload.id(), engine.id(), "profile-" + setting.id());
        pool.deleteStores(diskDir);
        try (TrialProcess p = start(engine, "disk", commands.command(engine))) {
            createProfile(engine, p, "disk", pool.root(), diskDir, n, null);
            warmAndCold(engine, p, diskDir, n);
        } finally {
            pool.deleteStores(diskDir);
        }
        if (tmpfs != null) {
            Path tmpDir = tmpfs.trialDir(options.workload.id(), engine.id(), "profile-" + setting.id());
            try (TrialProcess p = start(engine, "tmpfs", commands.command(engine))) {
                createProfile(engine, p, "tmpfs", tmpfs.root(), tmpDir, n, null);
            } finally {
                tmpfs.pool().deleteStores(tmpDir);
            }
        } else {
            results.append(line(engine, "create").put("root", "tmpfs").put("unavailable", tmpfsUnavailable));
        }
        syncs(engine);
        if (engine.runtime() == TrialRuntime.JVM) {
            frames(engine);
        } else {
            nodeFrames(engine);
        }
    }

    /** What the Node engines' top frames are and are not. */
    public static final String NODE_FRAMES = "node --cpu-prof (V8's sampling profiler, 1 ms): a native addon's work"
            + " shows as the binding's JS-visible function that runs it (exec, run, get, prepare, the Database"
            + " constructor, close), never as frames inside the engine's own C/Rust code (that would need perf with"
            + " native symbols)";

    private ObjectNode createProfile(EngineDescriptor engine, TrialProcess p, String rootName, Path root, Path dir, int n,
                                     Instant[] window) throws Exception {
        ObjectNode request = request(Protocol.CREATEPROFILE, dir);
        request.set("stores", range(n));
        double load1 = LoadAverage.load1();
        Instant from = Instant.now();
        ObjectNode result = p.request(request, progress(engine, "createprofile " + rootName, n));
        Instant to = Instant.now();
        if (window != null) {
            window[0] = from;
            window[1] = to;
        }
        JsonNode samples = result.path("samples");
        ObjectNode steps = Protocol.JSON.createObjectNode();
        for (String step : List.of("open", "build", "put", "close", "total")) {
            steps.put(step, Latency.p50Ms(Latency.histogram(Protocol.toLongs(samples.get(step), step))));
        }
        long wallNs = result.path("wallNs").asLong();
        if (window != null) {
            return result; // the JFR trial: its figures are slowed by the recording, not reported
        }
        Mounts.Mount m = Mounts.of(root);
        ObjectNode l = line(engine, "create").put("root", rootName).put("rootPath", root.toString())
                .put("fsType", m.fsType()).put("mountOptions", m.options()).put("profiled", n)
                .put("wallMs", wallNs / 1e6).put("storesPerS", n / (wallNs / 1e9)).put("load1AtStart", load1);
        l.set("stepsMs", steps);
        l.put("serialization", engine.put());
        results.append(l);
        return result;
    }

    private void warmAndCold(EngineDescriptor engine, TrialProcess p, Path dir, int n) throws Exception {
        List<Path> storeDirs = StoreLayout.storeDirs(dir, n);
        double load1 = LoadAverage.load1();
        p.request(request(Protocol.VISITS, dir).set("order", range(n)), progress(engine, "warmup", n));
        List<Path> files = PageCache.filesUnder(storeDirs);
        PageCache.Residency before = PageCache.residency(files);
        int runs = options.runs;
        Map<String, List<Double>> warm = new LinkedHashMap<>();
        for (int r = 1; r <= runs; r++) {
            addRun(warm, openRun(engine, p, dir, n, r, "warm"));
        }
        noiseOverTime(engine, p, dir, n);
        Map<String, List<Double>> cold = new LinkedHashMap<>();
        ArrayNode checks = Protocol.JSON.createArrayNode();
        boolean allCold = true;
        for (int r = 1; r <= runs; r++) {
            String evictionError = null;
            // listed again before each run: an engine may replace its files on every open (RocksDB: MANIFEST, OPTIONS,
            // WAL, LOG)
            List<Path> now = PageCache.filesUnder(storeDirs);
            try {
                PageCache.evict(now);
            } catch (IOException e) {
                evictionError = e.getMessage();
            }
            PageCache.Residency after = PageCache.residency(now);
            long read0 = DeviceReads.readBytes(p.pid());
            Map<String, Double> run = openRun(engine, p, dir, n, r, "cold");
            long read1 = DeviceReads.readBytes(p.pid());
            double perOpen = DeviceReads.perOpen(read0, read1, n);
            DeviceReads.Verdict v = DeviceReads.verdict(after.fraction(), perOpen, evictionError);
            allCold &= v.cold();
            addRun(cold, run);
            ObjectNode c = checks.addObject().put("run", r).put("residentAfterEviction", after.fraction())
                    .put("residentPagesAfterEviction", after.residentPages()).put("deviceReadBytes", read1 - read0)
                    .put("deviceReadBytesPerOpen", perOpen).put("cold", v.cold()).put("verdict", v.describe());
            if (evictionError != null) {
                c.put("evictionError", evictionError);
            }
        }
        ObjectNode l = line(engine, "warmcold").put("root", "disk").put("runs", runs)
                .put("residentBeforeWarm", before.fraction()).put("pages", before.pages())
                .put("residentPagesBeforeWarm", before.residentPages()).put("files", files.size())
                .put("cold", allCold).put("load1AtStart", load1);
        l.set("warmMs", medians(warm));
        l.set("coldMs", medians(cold));
        l.set("warmRunsMs", runsOf(warm));
        l.set("coldRunsMs", runsOf(cold));
        l.set("coldChecks", checks);
        results.append(l);
    }

    /**
     * The same warm open run (seed 1), back to back in one process: same stores, same order, same process, so what
     * moves from run to run is the machine's state over time (and the engine's own, if it has any).
     */
    private void noiseOverTime(EngineDescriptor engine, TrialProcess p, Path dir, int n) throws Exception {
        List<Double> oqc = new ArrayList<>();
        double load1 = LoadAverage.load1();
        long t0 = System.nanoTime();
        for (int k = 1; k <= NOISE_RUNS; k++) {
            oqc.add(openRun(engine, p, dir, n, 1, "back-to-back " + k + "/" + NOISE_RUNS + ",").get("oqc"));
        }
        double seconds = (System.nanoTime() - t0) / 1e9;
        ObjectNode l = line(engine, "noise").put("runs", NOISE_RUNS).put("seconds", seconds)
                .put("minMs", Collections.min(oqc)).put("medianMs", RunStats.median(oqc))
                .put("maxMs", Collections.max(oqc)).put("spread", RunStats.spread(oqc)).put("load1AtStart", load1);
        oqc.forEach(v -> l.withArray("oqcRunsMs").add(v));
        results.append(l);
    }

    private Map<String, Double> openRun(EngineDescriptor engine, TrialProcess p, Path dir, int n, int r, String what)
            throws Exception {
        ObjectNode request = request(Protocol.VISITS, dir).put("run", r).put("yard", true);
        request.set("order", Protocol.ints(OpenRunsPhase.visitingOrder(n, r)));
        ObjectNode result = p.request(request, progress(engine, what + " open run " + r, n));
        JsonNode samples = result.path("samples");
        Map<String, Double> figures = new LinkedHashMap<>();
        for (String metric : List.of("open", "count", "close", "oqc")) {
            Histogram h = Latency.histogram(Protocol.toLongs(samples.get(metric), metric));
            figures.put(metric, Latency.p50Ms(h));
            if (metric.equals("oqc")) {
                figures.put("oqc_p99", Latency.p99Ms(h));
            }
        }
        return figures;
    }

    private static void addRun(Map<String, List<Double>> all, Map<String, Double> run) {
        run.forEach((k, v) -> all.computeIfAbsent(k, x -> new ArrayList<>()).add(v));
    }

    private static ObjectNode medians(Map<String, List<Double>> runs) {
        ObjectNode o = Protocol.JSON.createObjectNode();
        runs.forEach((k, v) -> o.put(k, RunStats.median(v)));
        return o;
    }

    private static ObjectNode runsOf(Map<String, List<Double>> runs) {
        ObjectNode o = Protocol.JSON.createObjectNode();
        runs.forEach((k, v) -> v.forEach(x -> o.withArray(k).add(x)));
        return o;
    }

    // ---------------------------------------------------------------------------------------------------------
    // Disk syncs (strace)

    private void syncs(EngineDescriptor engine) throws Exception {
        int n = Math.min(STRACE_STORES, options.stores);
        ObjectNode l = line(engine, "syncs").put("root", "disk").put("straceStores", n);
        SyncProbe.Latency rootLatency = rootSync.get("disk");
        if (rootLatency != null) {
            l.put("rootFdatasyncMedianMs", rootLatency.medianMs());
        }
        if (straceUnavailable.isPresent()) {
            results.append(l.put("unavailable", straceUnavailable.get()));
            return;
        }
        Path dir = pool.trialDir(options.workload.id(), engine.id(), "profile-strace");
        pool.deleteStores(dir);
        Path log = profileDir.resolve(engine.id() + "-strace.txt");
        Files.deleteIfExists(log);
        List<String> cmd = new ArrayList<>(List.of("strace", "-f", "-ttt", "-T"));
        if (straceSeccomp) {
            cmd.add("--seccomp-bpf");
        }
        cmd.addAll(List.of("-e", StraceLog.TRACE_EXPRESSION, "-o", log.toString()));
        cmd.addAll(commands.command(engine));
        double from;
        double to;
        long[] createNs;
        try (TrialProcess p = start(engine, "strace", cmd)) {
            ObjectNode request = request(Protocol.CREATE, dir);
            request.set("stores", range(n));
            from = System.currentTimeMillis() / 1000.0 - 0.001;
            ObjectNode result = p.request(request, progress(engine, "create under strace", n));
            to = System.currentTimeMillis() / 1000.0 + 0.001;
            createNs = Protocol.toLongs(result.path("samples").path("create"), "create");
        } finally {
            pool.deleteStores(dir);
        }
        Map<String, StraceLog.Calls> summary = StraceLog.summarize(Files.readAllLines(log, StandardCharsets.UTF_8),
                from, to);
        ObjectNode calls = l.putObject("calls");
        summary.forEach((name, c) -> calls.putObject(name).put("count", c.count).put("failed", c.failed)
                .put("ms", c.seconds * 1000));
        l.put("callsPerStore", (double) StraceLog.totalCount(summary) / n);
        l.put("syncMsPerStore", StraceLog.totalSeconds(summary) * 1000 / n);
        l.put("createMsUnderStrace", RunStats.median(createNs) / 1e6);
        l.put("straceLog", outputDir.relativize(log).toString());
        l.put("seccompBpf", straceSeccomp);
        results.append(l);
    }

    static Optional<String> straceUnavailable() {
        if (!runs(List.of("strace", "-V"))) {
            return Optional.of("strace is not installed (apt-get install strace), so the sync calls were not counted");
        }
        if (!runs(List.of("strace", "-f", "-o", "/dev/null", "true"))) {
            return Optional.of("strace is installed but cannot trace here (ptrace not permitted?)");
        }
        return Optional.empty();
    }

    private static boolean runs(List<String> cmd) {
        try {
            Process p = new ProcessBuilder(cmd).redirectErrorStream(true).redirectOutput(ProcessBuilder.Redirect.DISCARD)
                    .start();
            return p.waitFor(20, TimeUnit.SECONDS) && p.exitValue() == 0;
        } catch (IOException e) {
            return false;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return false;
        }
    }

    // ---------------------------------------------------------------------------------------------------------
    // JFR top frames (JVM engines)

    /** The child JVM's command line with a JFR recording that is dumped when it exits. */
    List<String> jfrCommand(Path jfc, Path recording) {
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        List<String> cmd = new ArrayList<>();
        cmd.add(java);
        cmd.addAll(TrialCommands.JVM_OPTIONS);
        cmd.add("-XX:StartFlightRecording=filename=" + recording + ",settings=" + jfc + ",dumponexit=true");
        cmd.add("-cp");
        cmd.add(commands.classpath());
        cmd.add(Protocol.JVM_MAIN);
        return cmd;
    }

    private void frames(EngineDescriptor engine) throws Exception {
        int n = options.stores;
        Path jfc = JfrFrames.writeSettings(profileDir);
        Path recording = profileDir.resolve(engine.id() + ".jfr");
        Files.deleteIfExists(recording);
        Path dir = pool.trialDir(options.workload.id(), engine.id(), "profile-jfr");
        pool.deleteStores(dir);
        Instant[] create = new Instant[2];
        Instant[] open = new Instant[2];
        try (TrialProcess p = start(engine, "jfr", jfrCommand(jfc, recording))) {
            createProfile(engine, p, "disk", pool.root(), dir, n, create);
            p.request(request(Protocol.VISITS, dir).set("order", range(n)), progress(engine, "jfr warmup", n));
            open[0] = Instant.now();
            for (int r = 1; r <= options.runs; r++) {
                openRun(engine, p, dir, n, r, "jfr");
            }
            open[1] = Instant.now();
        } finally {
            pool.deleteStores(dir);
        }
        for (int k = 0; k < 50 && !Files.isRegularFile(recording); k++) {
            Thread.sleep(100);
        }
        for (String phase : List.of("create", "open")) {
            Instant[] w = phase.equals("create") ? create : open;
            ObjectNode l = line(engine, "frames").put("phase", phase)
                    .put("recording", outputDir.relativize(recording).toString())
                    .put("samplingPeriod", JfrFrames.PERIOD).put("thread", MAIN_THREAD);
            if (!Files.isRegularFile(recording)) {
                results.append(l.put("unavailable", "the trial JVM wrote no JFR recording"));
                continue;
            }
            String within = phase.equals("create") ? CREATE_LOOP : OPEN_LOOP;
            l.put("within", within);
            List<JfrFrames.Frame> top = JfrFrames.top(recording, w[0], w[1], MAIN_THREAD, within, Integer.MAX_VALUE);
            results.append(withTopFrames(l, top));
        }
    }

    /** A frames line with its sample count and the top frames. */
    private static ObjectNode withTopFrames(ObjectNode l, List<JfrFrames.Frame> top) {
        l.put("samples", top.stream().mapToInt(JfrFrames.Frame::samples).sum());
        ArrayNode a = l.putArray("top");
        for (JfrFrames.Frame f : top.subList(0, Math.min(TOP_FRAMES, top.size()))) {
            a.addObject().put("frame", f.frame()).put("kind", f.kind()).put("samples", f.samples())
                    .put("share", f.share());
        }
        return l;
    }

    /** Node engines: the same create profile and open runs in a worker started with --cpu-prof. */
    private void nodeFrames(EngineDescriptor engine) throws Exception {
        int n = options.stores;
        Path profDir = profileDir.resolve(engine.id() + "-cpuprofile");
        if (Files.isDirectory(profDir)) {
            try (var old = Files.list(profDir)) {
                for (Path f : (Iterable<Path>) old::iterator) {
                    Files.delete(f);
                }
            }
        }
        Files.createDirectories(profDir);
        List<String> cmd = new ArrayList<>(commands.command(engine));
        cmd.addAll(1, List.of("--cpu-prof", "--cpu-prof-dir=" + profDir, "--cpu-prof-interval=1000"));
        Path dir = pool.trialDir(options.workload.id(), engine.id(), "profile-cpuprof");
        pool.deleteStores(dir);
        try (TrialProcess p = start(engine, "cpuprof", cmd)) {
            createProfile(engine, p, "disk", pool.root(), dir, n, new Instant[2]);
            p.request(request(Protocol.VISITS, dir).set("order", range(n)), progress(engine, "cpuprof warmup", n));
            for (int r = 1; r <= options.runs; r++) {
                openRun(engine, p, dir, n, r, "cpuprof");
            }
        } finally {
            pool.deleteStores(dir);
        }
        Path profile = null;
        for (int k = 0; k < 50 && profile == null; k++) {
            try (var files = Files.list(profDir)) {
                profile = files.filter(f -> f.toString().endsWith(".cpuprofile")).findFirst().orElse(null);
            }
            if (profile == null) {
                Thread.sleep(100);
            }
        }
        for (String phase : List.of("create", "open")) {
            String within = phase.equals("create") ? NODE_CREATE_LOOP : NODE_OPEN_LOOP;
            ObjectNode l = line(engine, "frames").put("phase", phase).put("profiler", "node --cpu-prof")
                    .put("samplingPeriod", "1 ms").put("within", within).put("note", NODE_FRAMES);
            if (profile == null) {
                results.append(l.put("unavailable", "the worker wrote no .cpuprofile"));
                continue;
            }
            l.put("recording", outputDir.relativize(profile).toString());
            List<JfrFrames.Frame> top = NodeCpuProfile.top(profile, within, Integer.MAX_VALUE);
            results.append(withTopFrames(l, top));
        }
    }

    // ---------------------------------------------------------------------------------------------------------

    private TrialProcess start(EngineDescriptor engine, String what, List<String> command) throws Exception {
        TrialProcess p = TrialProcess.start(engine.id() + "/profile-" + what, command, setting.environment(), workDir,
                options.trialTimeout.toMillis());
        try {
            p.request(Protocol.request(Protocol.HELLO).put("engine", engine.id()).put("setting", setting.id()),
                    l -> { });
        } catch (TrialFailure e) {
            p.close();
            throw e;
        }
        return p;
    }

    private java.util.function.Consumer<ObjectNode> progress(EngineDescriptor engine, String what, int total) {
        return l -> console.printf("[storebench] profile %s %s: %d/%d%n", engine.id(), what, l.path("done").asInt(),
                total);
    }

    private ObjectNode request(String op, Path dir) {
        return Protocol.request(op).put("root", dir.toString()).put("workload", options.workload.id());
    }

    private static ArrayNode range(int n) {
        int[] a = new int[n];
        for (int i = 0; i < n; i++) {
            a[i] = i;
        }
        return Protocol.ints(a);
    }

    private ObjectNode line(EngineDescriptor engine, String profile) {
        return ResultsFile.line("profile").put("profile", profile).put("engine", engine.id())
                .put("setting", setting.id()).put("workload", options.workload.id()).put("stores", options.stores)
                .put("load1", LoadAverage.load1());
    }

    /** Writes the section (profile.md) and removes the tmpfs root (only what the profile made there). */
    @Override
    public void close() throws IOException {
        try {
            console.println("[storebench] profile section: " + writeSection());
        } finally {
            if (tmpfs != null) {
                tmpfs.close();
            }
        }
    }

    /** Renders the section from the run's results.jsonl into profile.md next to it; returns its path. */
    public Path writeSection() throws IOException {
        Path out = outputDir.resolve(ProfileSection.FILE);
        Files.writeString(out, ProfileSection.render(ResultsFile.read(results.path())), StandardCharsets.UTF_8);
        return out;
    }
}
