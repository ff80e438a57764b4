package storebench.phase;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.HdrHistogram.Histogram;
import storebench.measure.HdrLogs;
import storebench.measure.TrafficHistograms;
import storebench.results.Curve;
import storebench.results.RunResults;
import storebench.results.RunStats;
import storebench.results.Stat;
import storebench.results.Stat.Unit;
import storebench.trial.Query;
import storebench.trial.answer.TrafficAnswer;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * Tenant traffic: the pool served as an app serves its tenants. Each of R runs, in run r's process (kept warm by an
 * earlier phase under bench.share, or fresh and warmed up over the pool as the open runs warm up: steady rule, JIT
 * floor), makes N copies of one created store in a directory of the phase's own and sends one {@code traffic} request
 * (docs/protocol.md): through a cache of K open stores (bench.trafficOpen, least recently used closed first), tenants
 * drawn from a scrambled Zipfian (0.99, seeded by r), reads (the count) and writes (one new note, its own transaction)
 * in a mix (bench.trafficMix); a closed step of {@link #CLOSED_MS} measures what the engine serves back to back, then
 * the open loop runs at bench.trafficLoad of its rate (over its second half, the cache full) for bench.trafficSeconds, each request measured from its due
 * time. The closed step is also the writes' warm-up: a write is a commit, bound by its I/O (a sync where the engine
 * syncs), so its JIT floor is cut to the closed step's writes instead of the visits' 10,000. After the loop every
 * store's count is checked against W plus the writes it received. Figures: medians of the R runs.
 */
public final class TrafficPhase extends Phase {
    public static final Stat REACHED_PER_S = perS("traffic_reached_per_s", "Tenant traffic: requests served per second"
            + " (open loop)");
    public static final Stat ASKED_PER_S = perS("traffic_asked_per_s", "same, the rate asked (a share of the engine's"
            + " closed-loop rate)");
    public static final Stat HIT_RATE = Stat.of("traffic_hit_rate", "same, requests that found their store open"
            + " (share)", Unit.COUNT, 3).ofRuns().higherIsBetter().counting("share").tolerance(0.05).build();
    // optional: a run without reads (bench.trafficMix=0) or whose loop was over before a read found its store open
    public static final Stat HIT_P50_MS = ms("traffic_hit_p50_ms", "same, read of an open store, p50", true);
    public static final Stat HIT_P99_MS = ms("traffic_hit_p99_ms", "same, read of an open store, p99", true);
    public static final Stat HIT_P999_MS = ms("traffic_hit_p999_ms", "same, read of an open store, p99.9", true);
    public static final Stat MISS_P50_MS = ms("traffic_miss_p50_ms", "same, read that opened its store, p50", true);
    public static final Stat MISS_P99_MS = ms("traffic_miss_p99_ms", "same, read that opened its store, p99", true);
    public static final Stat MISS_P999_MS = ms("traffic_miss_p999_ms", "same, read that opened its store, p99.9", true);
    public static final Stat WRITE_P50_MS = ms("traffic_write_p50_ms", "same, write, p50", true);
    public static final Stat WRITE_P99_MS = ms("traffic_write_p99_ms", "same, write, p99", true);
    public static final Stat WRITE_P999_MS = ms("traffic_write_p999_ms", "same, write, p99.9", true);
    public static final Stat ALL_P50_MS = ms("traffic_all_p50_ms", "same, every request, p50", false);
    public static final Stat ALL_P99_MS = ms("traffic_all_p99_ms", "same, every request, p99", false);
    public static final Stat ALL_P999_MS = ms("traffic_all_p999_ms", "same, every request, p99.9", false);

    public static final Step WARMUP = new Step("trafficwarmup", true, "traffic warm-up");
    /** Its trial process reports the run's three stages (closed step, open loop, count check), not stores. */
    public static final Step RUN = new Step(TrafficAnswer.OP, true, "traffic runs", "steps");

    /** K, the stores the cache keeps open. */
    public static final PhaseOption<Integer> OPEN = PhaseOption.positiveInt("bench.trafficOpen", 100);
    /** The share of requests that read (YCSB's workload B: 0.95; 0.5 is its workload A). */
    public static final PhaseOption<Double> MIX = new PhaseOption<>("bench.trafficMix", "0.95",
            value -> fraction(value, true));
    /** The open loop's rate, as a share of what the engine served in the closed step. */
    public static final PhaseOption<Double> LOAD = new PhaseOption<>("bench.trafficLoad", "0.7",
            value -> fraction(value, false));
    /** How long each run's open loop is scheduled for, seconds. */
    public static final PhaseOption<Double> SECONDS = new PhaseOption<>("bench.trafficSeconds", "5", value -> {
        double s;
        try {
            s = Double.parseDouble(value);
        } catch (NumberFormatException e) {
            s = Double.NaN; // not a number: the range below says what is
        }
        if (!(s > 0 && s <= 3600)) {
            throw new IllegalArgumentException("give a number of seconds above 0, at most 3,600");
        }
        return s;
    });
    /** The closed step: long enough for a rate over hundreds of the slowest engines' requests, and the cache warm. */
    static final long CLOSED_MS = 1_000;
    /**
     * The most requests an open loop makes (their kinds and latencies cross the pipe: about 4 MB at this many); a
     * p99.9 of each kind needs thousands, not millions. Where the rate asks more, the loop ends sooner (its line says
     * its seconds).
     */
    static final int MAX_REQUESTS = 500_000;

    /** The statistics of each percentile of each histogram, in the order of their rows. */
    private static final double[] PERCENTILES = {50, 99, 99.9};

    TrafficPhase() {
        super("traffic", Processes.ONE_PER_RUN, List.of(WARMUP, RUN), List.of(REACHED_PER_S, ASKED_PER_S, HIT_RATE,
                HIT_P50_MS, HIT_P99_MS, HIT_P999_MS, MISS_P50_MS, MISS_P99_MS, MISS_P999_MS, WRITE_P50_MS,
                WRITE_P99_MS, WRITE_P999_MS, ALL_P50_MS, ALL_P99_MS, ALL_P999_MS));
    }

    private static Stat perS(String id, String label) {
        return Stat.of(id, label, Unit.COUNT, 0).ofRuns().higherIsBetter().counting("requests/s").tolerance(0.10)
                .build();
    }

    /** A latency from a request's due time; optional where a run may have none (no writes at a mix of 1, no misses). */
    private static Stat ms(String id, String label, boolean optional) {
        Stat.Builder b = Stat.of(id, label, Unit.MS, 3).ofRuns();
        return (optional ? b.optional() : b).build();
    }

    static double fraction(String value, boolean zeroAllowed) {
        double f;
        try {
            f = Double.parseDouble(value);
        } catch (NumberFormatException e) {
            f = Double.NaN;
        }
        if (!(f <= 1 && (zeroAllowed ? f >= 0 : f > 0))) {
            throw new IllegalArgumentException("give a fraction " + (zeroAllowed ? "from 0" : "above 0") + " to 1"
                    + " (0.95: 95%)");
        }
        return f;
    }

    @Override
    public List<PhaseOption<?>> options() {
        return List.of(OPEN, MIX, LOAD, SECONDS, WarmUp.SHARE, WarmUp.JIT_VISITS);
    }

    /**
     * A warm-up per run; and a run, as long as its closed step and open loop (bench.trafficSeconds stretches it), whatever
     * N. The plan scales a kept run's traffic by this, so -Dbench.trafficSeconds=3600 plans an hour per run.
     */
    @Override
    public double units(String op, int stores, int runs, int hold, PhaseOptions options) {
        if (op.equals(RUN.op())) {
            double seconds = options.option(SECONDS);
            return runs * (closedMs(seconds) / 1000.0 + seconds);
        }
        return op.equals(WARMUP.op()) ? runs : 0;
    }

    /** K stores open in one process: an engine that holds fewer fails a minute in, so the run stops before. */
    @Override
    public void check(storebench.engine.EngineDescriptor engine, PhaseOptions options) {
        int k = options.option(OPEN);
        engine.openStoresLimit().filter(limit -> k > limit.most()).ifPresent(limit -> {
            throw new IllegalArgumentException(String.format(Locale.US, "%s=%,d is more stores than %s holds open in"
                    + " one process: at most %,d (%s); give %s=%,d or fewer, or leave %s out of bench.engines",
                    OPEN.name(), k, engine.id(), limit.most(), limit.why(), OPEN.name(), limit.most(), engine.id()));
        });
    }

    /** A run's N copies of a created store, deleted before the next run makes its own. */
    @Override
    public int ownStores(int stores, PhaseOptions options) {
        return stores;
    }

    /** The warm-ups' whole passes over the pool (the runs visit their own copies). */
    @Override
    public int opensPerStore(int stores, int runs, int warmupPasses, PhaseOptions options) {
        return runs * warmupPasses;
    }

    @Override
    public Measured measure(PhaseRun run) throws Exception {
        run.stores().ensure();
        TrialParams p = run.params();
        Map<Stat, List<Double>> figures = new LinkedHashMap<>();
        Map<String, List<HdrLogs.Interval>> logs = new LinkedHashMap<>();
        for (int r = 1; r <= p.runs(); r++) {
            WarmUp.forRun(run, r, WARMUP, Query.COUNT, l -> { });
            Path own = run.stores().own("traffic");
            try {
                TrafficAnswer a = send(run, own, r);
                add(a, r, figures, logs);
            } finally {
                run.stores().deleteOwn(own);
            }
            run.processes().keepWarm(r);
        }
        for (Map.Entry<String, List<HdrLogs.Interval>> e : logs.entrySet()) {
            run.results().hdrLog(RUN.op() + "-" + e.getKey(), e.getValue());
        }
        Measured m = new Measured(this);
        for (Stat stat : stats()) {
            List<Double> runs = figures.get(stat);
            if (runs != null && runs.size() == p.runs()) {
                m.put(stat, RunStats.median(runs), runs);
                run.results().stat(stat, m.value(stat), runs);
            }
        }
        return m;
    }

    /**
     * The closed step's length: {@link #CLOSED_MS}, or the open loop's where that is shorter (a smoke run's 0.2 s loop
     * does not wait a second for its rate).
     */
    static long closedMs(double openSeconds) {
        return Math.max(1, Math.min(CLOSED_MS, Math.round(openSeconds * 1000)));
    }

    /** Run r's request, in its own directory of copies; the phase line says what it asked, served and met. */
    private static TrafficAnswer send(PhaseRun run, Path own, int r) throws Exception {
        TrialParams p = run.params();
        ObjectNode request = run.processes().request(TrafficAnswer.OP).put("root", own.toString())
                .put("stores", p.stores()).put("open", p.option(OPEN)).put("readShare", p.option(MIX)).put("seed", r)
                .put("closedMs", closedMs(p.option(SECONDS))).put("load", p.option(LOAD)).put("seconds", p.option(SECONDS))
                .put("maxRequests", MAX_REQUESTS).put("check", true);
        // visited: none of the pool's stores (its requests go to its copies, which are deleted after the run)
        return run.processes().send(RUN, request, 3, TrafficAnswer::of, (l, a) -> l.put("run", r)
                .put("visited", 0).put("requests", a.requests()).put("closedServed", a.closedServed())
                .put("closedPerS", round(a.closedPerS())).put("askedPerS", round(a.askedPerS()))
                .put("reachedPerS", round(a.reachedPerS())).put("seconds", round(a.loopWallNs() / 1e9))
                .put("hits", a.hits()).put("misses", a.misses()).put("evictions", a.evictions())
                .put("writes", a.writes()).put("checked", a.checked())
                .put("open", p.option(OPEN)).put("readShare", p.option(MIX)).put("load", p.option(LOAD))).result();
    }

    private static double round(double v) {
        return Math.round(v * 1000) / 1000.0;
    }

    /** Run r's figures: rates, hit rate, and each histogram's percentiles (where it has requests), its log interval. */
    private void add(TrafficAnswer a, int r, Map<Stat, List<Double>> figures, Map<String, List<HdrLogs.Interval>> logs) {
        TrafficHistograms h = TrafficHistograms.of(a.kinds(), a.latencyNs());
        figures.computeIfAbsent(REACHED_PER_S, k -> new ArrayList<>()).add(a.reachedPerS());
        figures.computeIfAbsent(ASKED_PER_S, k -> new ArrayList<>()).add(a.askedPerS());
        figures.computeIfAbsent(HIT_RATE, k -> new ArrayList<>()).add(h.hitRate());
        addPercentiles("hit", h.hits, List.of(HIT_P50_MS, HIT_P99_MS, HIT_P999_MS), a, r, figures, logs);
        addPercentiles("miss", h.misses, List.of(MISS_P50_MS, MISS_P99_MS, MISS_P999_MS), a, r, figures, logs);
        addPercentiles("write", h.writes, List.of(WRITE_P50_MS, WRITE_P99_MS, WRITE_P999_MS), a, r, figures, logs);
        addPercentiles("all", h.all, List.of(ALL_P50_MS, ALL_P99_MS, ALL_P999_MS), a, r, figures, logs);
    }

    private static void addPercentiles(String name, Histogram h, List<Stat> stats, TrafficAnswer a, int r,
                                       Map<Stat, List<Double>> figures, Map<String, List<HdrLogs.Interval>> logs) {
        if (h.getTotalCount() == 0) {
            return; // a run without such requests: the figure is left out (its statistic is optional)
        }
        logs.computeIfAbsent(name, k -> new ArrayList<>()).add(HdrLogs.interval(h, "run-" + r, a.startMs(),
                a.loopWallNs()));
        for (int k = 0; k < PERCENTILES.length; k++) {
            figures.computeIfAbsent(stats.get(k), s -> new ArrayList<>()).add(TrafficHistograms.ms(h, PERCENTILES[k]));
        }
    }

    /**
     * Latency by percentile, a line per engine: every request's p50, p99 and p99.9 (the medians of the runs), at
     * 0.3, 2 and 3 "nines" (-log10 of the share slower), as HdrHistogram's percentile plots space them.
     */
    @Override
    public List<Curve> curves(RunResults results, List<String> engines, String setting) {
        List<Stat> all = List.of(ALL_P50_MS, ALL_P99_MS, ALL_P999_MS);
        Map<String, List<double[]>> series = new LinkedHashMap<>();
        for (String e : engines) {
            List<double[]> points = new ArrayList<>();
            for (int k = 0; k < all.size(); k++) {
                double nines = -Math.log10(1 - PERCENTILES[k] / 100);
                results.measurement(e, setting, all.get(k).id()).ifPresent(m -> points.add(new double[]{nines,
                        m.value}));
            }
            if (points.size() == all.size()) {
                series.put(e, points);
            }
        }
        if (series.isEmpty()) {
            return List.of();
        }
        return List.of(new Curve("Tenant traffic: latency by percentile", "nines (2: p99, 3: p99.9)", "ms",
                "Every request of the traffic phase's open loop, from the time it was due: p50, p99 and p99.9, each the"
                        + " median of the runs (results.jsonl: `traffic_all_p50_ms`, `_p99_ms`, `_p999_ms`; the runs'"
                        + " whole histograms are in hdr/, `traffic-all.hlog`). An engine that fell behind its rate"
                        + " shows it here first.", series));
    }

    /** Per engine: the requests and seconds its runs made, what the cache did, and how many requests its p99 rests on. */
    @Override
    public List<String> notes(RunResults results, String engine, String setting) {
        List<Long> requests = new ArrayList<>();
        double seconds = 0;
        long writes = 0;
        long evictions = 0;
        boolean noReads = false;
        int open = 0;
        for (JsonNode l : results.lines("phase", engine, setting)) {
            if (RUN.op().equals(l.path("phase").asText()) && l.has("reachedPerS")) {
                requests.add(l.path("requests").asLong());
                seconds += l.path("seconds").asDouble();
                writes += l.path("writes").asLong();
                evictions += l.path("evictions").asLong();
                noReads |= l.path("readShare").asDouble(1) == 0;
                open = l.path("open").asInt();
            }
        }
        if (requests.isEmpty()) {
            return List.of();
        }
        List<String> notes = new ArrayList<>();
        if (results.measurement(engine, setting, HIT_P50_MS.id()).isEmpty()
                && results.measurement(engine, setting, ALL_P50_MS.id()).isPresent()) {
            // the hit rows are optional: a cell left empty says here why
            notes.add(noReads ? "traffic: no read, so no hit figures: every request wrote (bench.trafficMix=0)."
                    : "traffic: no read found its store open (the open loop was over first), so no hit figures.");
        }
        long least = requests.stream().mapToLong(Long::longValue).min().orElse(0);
        long total = requests.stream().mapToLong(Long::longValue).sum();
        notes.add(0, String.format(Locale.US, "traffic: %d run%s, %,d requests in %.1f s of open loop (%,d writes,"
                + " %,d stores closed to open others, %d open at most); the smallest run's p99 rests on its %,d slowest"
                + " requests, its p99.9 on %,d; every store's count checked after each run.", requests.size(), requests.size() == 1 ? "" : "s", total,
                seconds, writes, evictions, open, least / 100, least / 1000));
        return notes;
    }
}
