package storebench.run;

import storebench.model.TrialRuntime;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.HdrHistogram.Histogram;
import storebench.engine.EngineDescriptor;
import storebench.measure.DiskUsage;
import storebench.measure.HdrLogs;
import storebench.measure.Latency;
import storebench.measure.LoadGate;
import storebench.measure.RunStats;
import storebench.results.ResultsFile;
import storebench.results.Stat;
import storebench.trial.Protocol;
import storebench.model.Setting;
import storebench.model.StoreLayout;
import storebench.trial.TrialFailure;
import storebench.trial.TrialProcess;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Random;
import java.util.Set;
import java.util.TreeSet;

/**
 * The parent's side of one trial: one engine under one setting over N stores. Each phase method sends the
 * phase to a trial process, turns the samples into the statistics of shared/DESIGN.md, appends them to
 * results.jsonl at once and returns them. Later phases make sure the stores exist first, so any one phase
 * can run alone (from an IDE).
 */
public final class Trial implements AutoCloseable {
    private final Bench bench;
    private final EngineDescriptor engine;
    private final Setting setting;
    private final String name;
    private Path dir;
    private TrialProcess process;
    private boolean poolReady;
    private int created;
    private int reused;
    private String failed;
    private boolean statusRecorded;
    private final Map<String, Double> createStats = new LinkedHashMap<>();
    private JsonNode engineInfo;
    static final String POOL_IDENTITY = "pool.json";

    Trial(Bench bench, EngineDescriptor engine, Setting setting) {
        this.bench = bench;
        this.engine = engine;
        this.setting = setting;
        this.name = engine.id() + "/" + setting.id();
    }

    public EngineDescriptor engine() {
        return engine;
    }

    public Setting setting() {
        return setting;
    }

    @Override
    public String toString() {
        return name;
    }

    /** Why this trial cannot run at all (the engine has no way to be measured, or its runtime is missing). */
    public synchronized Optional<String> unavailable() throws IOException {
        Optional<String> why = engine.unavailable();
        if (why.isEmpty() && engine.runtime() == TrialRuntime.NODE) {
            why = bench.commands.nodeUnavailable();
        }
        if (why.isPresent() && !statusRecorded) {
            statusRecorded = true;
            bench.results.append(line("status").put("status", "skipped").put("reason", why.get()));
        }
        return why;
    }

    /** Creates the stores this trial needs (or reuses valid kept ones); measures create and disk. */
    public synchronized Map<String, Double> create() throws Exception {
        return phase("create", () -> {
            ensureStores();
            return Collections.unmodifiableMap(createStats);
        });
    }

    /**
     * Runs one phase of this trial. A failure, wherever it is raised (in the trial process, in the store pool, in a
     * disk scan), becomes the trial's failed status line, once, so the report and the gate can give its reason;
     * after it, every later phase refuses to run.
     */
    private <T> T phase(String phase, java.util.concurrent.Callable<T> body) throws Exception {
        if (failed != null) {
            throw new TrialFailure(name + ": " + phase + " not run, an earlier phase failed: " + failed);
        }
        try {
            return body.call();
        } catch (Exception e) {
            if (failed != null) {
                throw e; // recorded where it was raised
            }
            throw failed(phase, null, e);
        }
    }

    public synchronized int createdStores() {
        return created;
    }

    public synchronized int reusedStores() {
        return reused;
    }

    private void ensureStores() throws Exception {
        if (poolReady) {
            return;
        }
        int n = bench.options.stores;
        dir = bench.pool.trialDir(bench.options.workload.id(), engine.id(), setting.id());
        Set<Integer> valid = new TreeSet<>();
        List<Integer> existing = StorePool.existingStores(dir);
        if (bench.options.reuse && !existing.isEmpty() && samePoolIdentity()) {
            List<Integer> candidates = new ArrayList<>();
            existing.stream().filter(i -> i < n).forEach(candidates::add);
            JsonNode result = run("check", request(Protocol.CHECK).set("stores", ints(candidates)));
            result.path("valid").forEach(v -> valid.add(v.asInt()));
        }
        for (int i : existing) {
            if (!valid.contains(i)) {
                bench.pool.deleteStore(dir, i); // fresh by default; with reuse, an invalid store is made anew
            }
        }
        List<Integer> missing = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            if (!valid.contains(i)) {
                missing.add(i);
            }
        }
        for (int i : missing) {
            requireNothingAt(StoreLayout.storeDir(dir, i));
        }
        reused = valid.size();
        created = missing.size();
        writePoolIdentity();
        if (!missing.isEmpty()) {
            DiskEstimate.requireSpace(dir, engine.diskEstimateBytes(bench.options.workload) * missing.size(),
                    "creating " + missing.size() + " stores of " + engine.id());
            LoadGate.Wait wait = awaitLoad();
            ObjectNode result = run("create", request(Protocol.CREATE).set("stores", ints(missing)));
            long[] samples = Protocol.toLongs(result.path("samples").path("create"), "create");
            long wallNs = result.path("wallNs").asLong();
            Histogram createHistogram = Latency.histogram(samples);
            bench.hdrLogs.write(engine.id(), setting.id(), "create", List.of(HdrLogs.interval(createHistogram,
                    "create", result.path("startMs").asLong(), wallNs)));
            createStats.put(Stat.CREATE_MS.id(), Latency.p50Ms(createHistogram));
            createStats.put(Stat.STORES_PER_S.id(), missing.size() / (wallNs / 1e9));
            phaseLine("create", wallNs, wait, missing.size());
            for (Map.Entry<String, Double> e : createStats.entrySet()) {
                stat(e.getKey(), e.getValue(), List.of());
            }
        }
        bench.results.append(line("pool").put("created", created).put("reused", reused));
        measureDisk(n);
        recordLayout();
        poolReady = true;
    }

    /** How store 0 lies on disk, as the engine tells it (a SQL engine's pages, ts's storage class), for the caveats. */
    private void recordLayout() throws Exception {
        JsonNode layout = run("layout", request(Protocol.LAYOUT).put("store", 0)).path("layout");
        if (layout.isObject() && layout.size() > 0) {
            ObjectNode l = line("layout").put("store", 0);
            l.set("layout", layout);
            bench.results.append(l);
        }
    }

    /** A store's directory is made by the trial process; anything already there is not ours to replace. */
    private static void requireNothingAt(Path store) throws IOException {
        if (!java.nio.file.Files.exists(store, java.nio.file.LinkOption.NOFOLLOW_LINKS)) {
            return;
        }
        String what = java.nio.file.Files.isSymbolicLink(store) ? "a symbolic link (to "
                + java.nio.file.Files.readSymbolicLink(store) + ")" : "a file, not a store directory";
        throw new IOException(store + " is " + what + " that storebench did not make: it creates each store's directory"
                + " itself and never writes through, or deletes, what it did not make. Remove it, or choose another"
                + " -Dbench.root");
    }

    /** What the kept stores were made by: engine, its versions, workload. Reuse requires the same. */
    private com.fasterxml.jackson.databind.JsonNode poolIdentity() throws Exception {
        ObjectNode id = Protocol.JSON.createObjectNode().put("engine", engine.id())
                .put("workload", bench.options.workload.id());
        id.set("versions", engineInfo());
        return id;
    }

    private boolean samePoolIdentity() throws Exception {
        Path file = dir.resolve(POOL_IDENTITY);
        if (!java.nio.file.Files.isRegularFile(file)) {
            bench.console.println("[storebench] " + name + ": kept stores have no " + POOL_IDENTITY + "; not reused");
            return false;
        }
        boolean same = Protocol.JSON.readTree(file.toFile()).equals(poolIdentity());
        if (!same) {
            bench.console.println("[storebench] " + name + ": kept stores were made by another engine version; not reused");
        }
        return same;
    }

    private void writePoolIdentity() throws Exception {
        Protocol.JSON.writeValue(dir.resolve(POOL_IDENTITY).toFile(), poolIdentity());
    }

    private void measureDisk(int n) throws Exception {
        Map<Integer, DiskUsage.StoreDisk> disk = DiskUsage.of(dir);
        long[] bytes = new long[n];
        long[] allocated = new long[n];
        long[] wal = new long[n];
        long total = 0;
        for (int i = 0; i < n; i++) {
            DiskUsage.StoreDisk d = disk.get(i);
            if (d == null) {
                throw new TrialFailure(name + ": store " + i + " has no files under " + dir + " after create");
            }
            bytes[i] = d.bytes;
            allocated[i] = d.allocatedBytes;
            wal[i] = d.walBytes;
            total += d.bytes;
        }
        createStats.put(Stat.DISK_KB.id(), RunStats.median(bytes) / 1024);
        createStats.put(Stat.DISK_ALLOC_KB.id(), RunStats.median(allocated) / 1024);
        stat(Stat.DISK_KB.id(), createStats.get(Stat.DISK_KB.id()), List.of());
        stat(Stat.DISK_ALLOC_KB.id(), createStats.get(Stat.DISK_ALLOC_KB.id()), List.of());
        bench.results.append(line("disk").put("totalBytes", total).put("walBytesMedian", RunStats.median(wal))
                .put("bytesMedian", RunStats.median(bytes)));
    }

    /**
     * R warm open runs in the seeded visiting orders, each in a fresh trial process after its own uncounted
     * warm-up (page cache and JIT).
     */
    public synchronized Map<String, Double> openRuns() throws Exception {
        return phase("openrun", this::measureOpenRuns);
    }

    private Map<String, Double> measureOpenRuns() throws Exception {
        ensureStores();
        int n = bench.options.stores;
        int passes = warmupPasses(n, bench.options.warmupOpens);
        List<Integer> warmOrder = warmOrder();

        Map<String, List<Double>> figures = new LinkedHashMap<>();
        for (Stat s : List.of(Stat.OPEN_MS, Stat.COUNT_MS, Stat.OQC_MS, Stat.OQC_P99_MS, Stat.CLOSE_MS)) {
            figures.put(s.id(), new ArrayList<>());
        }
        double maxLoad = 0;
        Map<String, List<HdrLogs.Interval>> histograms = new LinkedHashMap<>();
        for (int r = 1; r <= bench.options.runs; r++) {
            // Each run in a fresh trial process, like a JMH fork, so that no one process's JIT decisions and memory
            // layout decide every run. On the shared VMs this was built on, the larger noise is the host's, not the
            // process's: it comes and goes within one process (README, "Noise").
            closeProcess();
            LoadGate.Wait warm = awaitLoad();
            ObjectNode w = run("warmup", request(Protocol.WARMUP).set("order", ints(warmOrder)));
            int runNumber = r;
            phaseLine("warmup", w.path("wallNs").asLong(), warm, warmOrder.size(),
                    l -> l.put("passes", passes).put("run", runNumber));
            LoadGate.Wait wait = awaitLoad();
            maxLoad = Math.max(maxLoad, wait.load1);
            ObjectNode request = request(Protocol.OPENRUN);
            request.put("run", r).set("order", Protocol.ints(visitingOrder(n, r)));
            ObjectNode result = run("open run " + r, request);
            JsonNode samples = result.path("samples");
            Map<String, Histogram> run = new LinkedHashMap<>();
            for (String metric : List.of("open", "count", "close", "oqc", "closefin")) {
                if (samples.has(metric)) { // closefin: Node engines only
                    run.put(metric, Latency.histogram(Protocol.toLongs(samples.get(metric), metric)));
                    histograms.computeIfAbsent(metric, k -> new ArrayList<>()).add(HdrLogs.interval(run.get(metric),
                            "run-" + r, result.path("startMs").asLong(), result.path("wallNs").asLong()));
                }
            }
            Histogram oqc = run.get("oqc");
            figures.get(Stat.OPEN_MS.id()).add(Latency.p50Ms(run.get("open")));
            figures.get(Stat.COUNT_MS.id()).add(Latency.p50Ms(run.get("count")));
            figures.get(Stat.CLOSE_MS.id()).add(Latency.p50Ms(run.get("close")));
            figures.get(Stat.OQC_MS.id()).add(Latency.p50Ms(oqc));
            figures.get(Stat.OQC_P99_MS.id()).add(Latency.p99Ms(oqc));
            if (run.containsKey("closefin")) {
                figures.computeIfAbsent(Stat.CLOSE_FIN_MS.id(), k -> new ArrayList<>()).add(Latency.p50Ms(run.get("closefin")));
            }
            phaseLine("openrun", result.path("wallNs").asLong(), wait, n, l -> l.put("run", runNumber));
        }
        for (Map.Entry<String, List<HdrLogs.Interval>> e : histograms.entrySet()) {
            bench.hdrLogs.write(engine.id(), setting.id(), "openrun-" + e.getKey(), e.getValue());
        }
        Map<String, Double> stats = new LinkedHashMap<>();
        for (Map.Entry<String, List<Double>> e : figures.entrySet()) {
            double median = RunStats.median(e.getValue());
            stats.put(e.getKey(), median);
            stat(e.getKey(), median, e.getValue());
        }
        stats.put(Stat.LOAD1.id(), maxLoad);
        stat(Stat.LOAD1.id(), maxLoad, List.of());
        closeProcess(); // the memory phase starts a fresh trial process
        return stats;
    }

    /** Memory per open store, in a fresh trial process: M stores open, one count each. */
    public synchronized Map<String, Double> memory() throws Exception {
        return phase("hold", this::measureMemory);
    }

    private Map<String, Double> measureMemory() throws Exception {
        ensureStores();
        closeProcess();
        int m = bench.options.hold;
        LoadGate.Wait wait = awaitLoad();
        ObjectNode hold = request(Protocol.HOLD);
        hold.set("warmup", ints(warmOrder()));
        ObjectNode result = run("hold", (ObjectNode) hold.set("stores", ints(range(m))));
        closeProcess();
        JsonNode before = result.path("before");
        JsonNode after = result.path("after");
        Map<String, Double> stats = new LinkedHashMap<>();
        stats.put(Stat.MEM_RESIDENT_KB.id(), (after.path("rssKb").asDouble() - before.path("rssKb").asDouble()) / m);
        stats.put(Stat.MEM_ANON_KB.id(), (after.path("anonKb").asDouble() - before.path("anonKb").asDouble()) / m);
        stats.put(Stat.HEAP_KB.id(), (after.path("heapUsedBytes").asDouble()
                - before.path("heapUsedBytes").asDouble()) / 1024 / m);
        ObjectNode memory = line("memory").put("opened", m);
        memory.set("before", before);
        memory.set("after", after);
        bench.results.append(memory);
        phaseLine("hold", result.path("wallNs").asLong(), wait, m);
        for (Map.Entry<String, Double> e : stats.entrySet()) {
            stat(e.getKey(), e.getValue(), List.of());
        }
        return stats;
    }

    /** Disk per store, measured right after the stores were created and closed. */
    public synchronized Map<String, Double> disk() throws Exception {
        return phase("disk", () -> {
            ensureStores();
            Map<String, Double> stats = new LinkedHashMap<>();
            stats.put(Stat.DISK_KB.id(), createStats.get(Stat.DISK_KB.id()));
            stats.put(Stat.DISK_ALLOC_KB.id(), createStats.get(Stat.DISK_ALLOC_KB.id()));
            return stats;
        });
    }

    /** The warm-up's visiting order: whole passes over all N stores, at least bench.warmupOpens opens. */
    private List<Integer> warmOrder() {
        int n = bench.options.stores;
        int passes = warmupPasses(n, bench.options.warmupOpens);
        List<Integer> order = new ArrayList<>(n * passes);
        for (int pass = 0; pass < passes; pass++) {
            order.addAll(range(n));
        }
        return order;
    }

    /**
     * Whole warm-up passes over all n stores that make at least {@code minOpens} opens: one pass warms the page
     * cache, but the JIT compiles a driver's open path only after a few thousand calls.
     */
    public static int warmupPasses(int n, int minOpens) {
        return Math.max(1, (minOpens + n - 1) / n);
    }

    /** The order run r visits the stores in: 0..n-1 shuffled with {@code new Random(r)}. */
    public static int[] visitingOrder(int n, int run) {
        List<Integer> order = new ArrayList<>(range(n));
        Collections.shuffle(order, new Random(run));
        return order.stream().mapToInt(Integer::intValue).toArray();
    }

    private static List<Integer> range(int n) {
        List<Integer> list = new ArrayList<>(n);
        for (int i = 0; i < n; i++) {
            list.add(i);
        }
        return list;
    }

    private LoadGate.Wait awaitLoad() throws Exception {
        LoadGate.Wait wait = bench.loadGate.await();
        if (wait.waitedMs > 0) {
            bench.console.printf("[storebench] %s: waited %d s for the load to drop below %s%s%n", name,
                    wait.waitedMs / 1000, bench.options.maxLoad.getAsDouble(),
                    wait.gaveUp ? " (gave up: bench.maxLoadWait reached, load " + wait.load1 + ")" : "");
        }
        return wait;
    }

    private ObjectNode run(String phase, ObjectNode request) throws Exception {
        int total = request.has("stores") ? request.get("stores").size()
                : request.has("order") ? request.get("order").size() : 0;
        int[] done = {0};
        try {
            TrialProcess p = process();
            Progress progress = new Progress(bench.console, name + " " + phase);
            return p.request(request, line -> {
                done[0] = line.path("done").asInt();
                progress.update(done[0], total);
            });
        } catch (TrialFailure | IOException | RuntimeException e) {
            throw failed(phase, "at least " + done[0] + " of " + total + " stores done, by the last progress line", e);
        }
    }

    /**
     * Records a failed phase (results.jsonl, and every later phase of this trial refuses to run).
     *
     * @param progress how far the phase got, where a trial process said so; null otherwise
     */
    private TrialFailure failed(String phase, String progress, Exception e) throws IOException {
        String message = e.getMessage() == null ? e.toString() : e.getMessage();
        String reason = phase + " failed" + (progress == null ? "" : " (" + progress + ")") + ": " + message
                + diskFullHint(message);
        failed = reason;
        bench.results.append(line("status").put("status", "failed").put("phase", phase).put("reason", reason));
        closeProcess();
        return new TrialFailure(name + ": " + reason);
    }

    /** Names the bench root and its free space when an engine ran out of disk. */
    private String diskFullHint(String message) {
        String m = message == null ? "" : message.toLowerCase(java.util.Locale.ROOT);
        if (!(m.contains("no space left") || m.contains("disk is full") || m.contains("enospc")
                || m.contains("disk full"))) {
            return "";
        }
        long free = -1;
        try {
            free = java.nio.file.Files.getFileStore(bench.pool.root()).getUsableSpace();
        } catch (IOException ignored) {
            // reported as unknown
        }
        return "\nThe bench root " + bench.pool.root() + " is full (" + (free < 0 ? "free space unknown"
                : DiskEstimate.mib(free) + " free") + "; a store of " + engine.id() + " needs about "
                + DiskEstimate.mib(engine.diskEstimateBytes(bench.options.workload)) + "). Stores that were"
                + " not finished are never reused: their count does not match.";
    }

    private TrialProcess process() throws Exception {
        if (process == null) {
            process = TrialProcess.start(name, bench.commands.command(engine), setting.environment(),
                    bench.workDir, bench.options.trialTimeout.toMillis());
            ObjectNode helloRequest = Protocol.request(Protocol.HELLO).put("engine", engine.id());
            if (bench.options.slowdown > 0) {
                helloRequest.put("slowdown", bench.options.slowdown);
            }
            ObjectNode hello = process.request(helloRequest, l -> { });
            engineInfo = hello.path("info");
            bench.describeEngine(engine, hello);
        }
        return process;
    }

    /** The engine's versions and settings as its trial process reports them. */
    private JsonNode engineInfo() throws Exception {
        if (engineInfo == null) {
            try {
                process();
            } catch (TrialFailure | IOException | RuntimeException e) {
                throw failed("create", "starting the trial process", e);
            }
        }
        return engineInfo;
    }

    private void closeProcess() {
        if (process != null) {
            process.close();
            process = null;
        }
    }

    private ObjectNode request(String op) {
        return Protocol.request(op).put("root", dir.toString()).put("workload", bench.options.workload.id());
    }

    private static com.fasterxml.jackson.databind.node.ArrayNode ints(List<Integer> values) {
        return Protocol.ints(values.stream().mapToInt(Integer::intValue).toArray());
    }

    private ObjectNode line(String kind) {
        return ResultsFile.line(kind).put("engine", engine.id()).put("setting", setting.id())
                .put("workload", bench.options.workload.id()).put("stores", bench.options.stores);
    }

    private void phaseLine(String phase, long wallNs, LoadGate.Wait wait, int stores) throws IOException {
        phaseLine(phase, wallNs, wait, stores, l -> { });
    }

    private void phaseLine(String phase, long wallNs, LoadGate.Wait wait, int stores,
                           java.util.function.Consumer<ObjectNode> extra) throws IOException {
        ObjectNode l = line("phase").put("phase", phase).put("wallMs", wallNs / 1e6).put("load1", wait.load1)
                .put("loadWaitMs", wait.waitedMs).put("loadGaveUp", wait.gaveUp).put("visited", stores);
        extra.accept(l);
        bench.results.append(l);
    }

    private void stat(String id, double value, List<Double> runs) throws IOException {
        ObjectNode l = line("stat").put("stat", id).put("value", value);
        if (!runs.isEmpty()) {
            runs.forEach(r -> l.withArray("runs").add(r));
            l.put("spread", RunStats.spread(runs));
        }
        bench.results.append(l);
    }

    /** Stops the trial's process at once (the suite is being stopped); called from a shutdown hook. */
    void stopProcesses() {
        TrialProcess p = process;
        if (p != null) {
            p.kill();
        }
    }

    /** Ends the trial: its processes are stopped and, unless bench.keep, its stores deleted. */
    @Override
    public synchronized void close() throws IOException {
        closeProcess();
        if (dir != null && !bench.options.keep) {
            bench.pool.deleteStores(dir);
            bench.pool.settle();
        }
    }
}
