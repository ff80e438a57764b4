package storebench.phase;

import com.fasterxml.jackson.databind.node.ObjectNode;
import org.HdrHistogram.Histogram;
import storebench.measure.HdrLogs;
import storebench.measure.TrafficHistograms;
import storebench.results.Column;
import storebench.results.Curve;
import storebench.results.PhaseLine;
import storebench.results.ResultsFile;
import storebench.results.RunResults;
import storebench.results.RunStats;
import storebench.results.Stat;
import storebench.results.Stat.Unit;
import storebench.results.StepWork;
import storebench.results.TrafficLine;
import storebench.trial.Query;
import storebench.model.TrialRuntime;
import storebench.trial.answer.TrafficAnswer;
import storebench.trial.traffic.Tenants;
import storebench.trial.traffic.TrafficDraws;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/**
 * Tenant traffic (docs/measuring.md, "traffic"): per run, N copies of a created store served through a cache of K open
 * stores, a closed step for the engine's rate, then an open loop at a share of it; each request is measured from its
 * due time (latency) and from its start (service time). The schedules are drawn here, one generator for every runtime.
 * Figures: medians of the R runs.
 */
public final class TrafficPhase extends Phase {
    public static final Stat REACHED_PER_S = perS("traffic_reached_per_s", "Tenant traffic: requests served per second"
            + " (open loop)");
    public static final Stat ASKED_PER_S = perS("traffic_asked_per_s", "same, the rate asked (a share of the engine's"
            + " closed-loop rate)");
    public static final Stat HIT_RATE = Stat.of("traffic_hit_rate", "same, requests that found their store open"
            + " (share)", Unit.COUNT, 3).ofRuns().higherIsBetter().counting("share").tolerance(0.05).build();
    public static final Stat UTILIZATION = Stat.of("traffic_utilization", "same, utilization reached: the time the loop"
            + " was busy with requests (their service times, the Node worker's settle after an eviction) over its wall"
            + " time (share)", Unit.COUNT, 3).ofRuns().counting("share")
            .tolerance(0.05).build();

    /** Latency from the due time and service time from the request's start, by what the requests met. */
    public static final Kind HIT = new Kind("hit", "read of an open store", TrafficHistograms::hits);
    public static final Kind MISS = new Kind("miss", "read that opened its store", TrafficHistograms::misses);
    public static final Kind WRITE = new Kind("write", "write", TrafficHistograms::writes);
    public static final Kind ALL = new Kind("all", "every request", TrafficHistograms::all);

    public static final Stat ALL_P99_MS = ALL.latency.p99;

    public static final Stat WAKE_P99_MS = Stat.of("traffic_wake_p99_ms", "same, the loop's wake-up after a request's"
            + " due time, p99", Unit.MS, 3).ofRuns().build();
    public static final Stat WAKE_MAX_MS = Stat.of("traffic_wake_max_ms", "same, the loop's wake-up after a request's"
            + " due time, max", Unit.MS, 3).ofRuns().build();
    /**
     * The slowest request's service time: the loop serves one request at a time, so a single slow one (a commit whose
     * sync the device held back) delays every request due while it ran, and the p99 of all can sit far above every
     * service percentile with no collector pause in the loop (docs/measuring.md, "traffic").
     */
    public static final Stat SERVICE_MAX_MS = Stat.of("traffic_all_service_max_ms", "same, every request, service time,"
            + " max", Unit.MS, 1).ofRuns().optional().build();
    public static final Stat GC_MS = Stat.of("traffic_gc_ms", "same, the runtime's garbage collections during the open"
            + " loop (ms in all)", Unit.MS, 1).ofRuns().build();
    public static final Stat UNPAUSED_P99_MS = Stat.of("traffic_all_unpaused_p99_ms", "same, every request no collector"
            + " pause touched (its wait overlapped none), p99", Unit.MS, 3).ofRuns().optional().build();
    public static final Stat HIT_UNPAUSED_P99_MS = Stat.of("traffic_hit_unpaused_p99_ms", "same, read of an open store"
            + " no collector pause touched, p99", Unit.MS, 3).ofRuns().optional().build();
    /**
     * The reads of open stores no write held back (no write served during their wait): the tail a tenant's read meets
     * where writes, and their syncs, are served on another thread, as a service's pool serves them.
     */
    public static final Stat HIT_CLEAR_P99_MS = ms("traffic_hit_clear_p99_ms", "same, read of an open store no write"
            + " held back (none in the loop's busy stretch before it), p99", true);
    public static final Stat PAUSE_MAX_MS = Stat.of("traffic_pause_max_ms", "same, the runtime's longest collector"
            + " pause during the open loop", Unit.MS, 1).ofRuns().build();
    public static final Stat PAUSES_PER_S = Stat.of("traffic_pauses_per_s", "same, the runtime's collector pauses per"
            + " second of open loop", Unit.COUNT, 1).ofRuns().counting("pauses/s").build();
    public static final Stat PAUSED_SHARE = Stat.of("traffic_paused_share", "same, requests a collector pause touched"
            + " (share)", Unit.COUNT, 3).ofRuns().counting("share").build();
    public static final Stat JIT_MS = Stat.of("traffic_jit_ms", "same, the JIT compilers' time during the open loop"
            + " (ms in all)", Unit.MS, 1).ofRuns().onlyIn(TrialRuntime.JVM).optional().build();
    public static final Stat LOOP_DELAY_P99_MS = Stat.of("traffic_loop_delay_p99_ms", "same, the event loop's delay"
            + " during the open loop, p99", Unit.MS, 3).ofRuns().onlyIn(TrialRuntime.NODE).optional().build();

    /** A group of requests' p50, p99, p99.9 (needs {@link #P999_LEAST} of them) and mean. */
    public record Measure(Stat p50, Stat p99, Stat p999, Stat mean) {
        static Measure of(String idPrefix, String labelPrefix, boolean optional) {
            return new Measure(ms(idPrefix + "_p50_ms", labelPrefix + ", p50", optional),
                    ms(idPrefix + "_p99_ms", labelPrefix + ", p99", optional),
                    ms(idPrefix + "_p999_ms", labelPrefix + ", p99.9", true),
                    ms(idPrefix + "_mean_ms", labelPrefix + ", mean", optional));
        }

        List<Stat> stats() {
            return List.of(p50, p99, p999, mean);
        }
    }

    /** The requests that met one thing (a hit, a miss, a write, any), their histogram; only "all" is never missing. */
    public record Kind(String name, String what, Measure latency, Measure service,
                       java.util.function.Function<TrafficHistograms, Histogram> of) {
        Kind(String name, String what, java.util.function.Function<TrafficHistograms, Histogram> of) {
            this(name, what, Measure.of("traffic_" + name, "same, " + what, !name.equals("all")),
                    Measure.of("traffic_" + name + "_service", "same, " + what + ", service time", !name.equals("all")),
                    of);
        }
    }

    static final List<Kind> KINDS = List.of(HIT, MISS, WRITE, ALL);

    /** What the open loop asked of the machine, per request (the serving thread's counters over the loop). */
    static final VisitCounterStats COUNTERS = VisitCounterStats.of("traffic", "", "Tenant traffic", false);

    public static final Step WARMUP = Step.warmUp("trafficwarmup", "traffic warm-up");
    /** Its trial process reports the run's three stages (closed step, open loop, count check), not stores. */
    public static final Step RUN = new Step(TrafficAnswer.OP, true, "traffic runs", "steps");

    public static final PhaseOption<Integer> OPEN = PhaseOption.positiveInt("bench.trafficOpen", 100);
    /** The share of requests that read (YCSB's workload B: 0.95; 0.5 is its workload A). */
    public static final PhaseOption<Double> MIX = new PhaseOption<>("bench.trafficMix", "0.95",
            value -> fraction(value, true));
    /** The open loop's rate, as a share of what the engine served in the closed step. */
    public static final PhaseOption<Double> LOAD = new PhaseOption<>("bench.trafficLoad", "0.7",
            value -> fraction(value, false));
    public static final PhaseOption<Double> SECONDS = PhaseOption.seconds("bench.trafficSeconds", "5");
    public static final PhaseOption<Tenants.Distribution> DIST = new PhaseOption<>("bench.trafficDist", "zipf",
            Tenants.Distribution::of);
    /**
     * The fewest reads and writes an open loop serves, whatever its seconds: at the default mix a write costs 20
     * requests, so 1,000 made the loop most of the phase; at 300 the writes' p99.9 is left out ({@link #P999_SHOWN}),
     * the reads' kept (docs/runs.md, "Every phase in less time: traffic's floor, the warm-ups' seconds, read's floor").
     */
    public static final PhaseOption<Integer> PER_KIND = new PhaseOption<>("bench.trafficPerKind", "300",
            value -> PhaseOption.wholeNumber(value, 0, " (0: the loop's seconds alone)"));
    /** The serving JVMs' collector: G1, a service's default (docs/runs.md, "Tenant traffic in a service's JVM"). */
    public static final PhaseOption<storebench.model.JvmCollector> GC = new PhaseOption<>("bench.trafficGc", "g1",
            storebench.model.JvmCollector::of);
    /** The closed step: long enough for a rate over hundreds of the slowest engines' requests, and the cache warm. */
    static final long CLOSED_MS = 1_000;
    /** The closed step's schedule: 100 requests a millisecond of it, more than any engine serves a request's mix at. */
    static final int CLOSED_PER_MS = 100;
    /** The schedule covers the loop's seconds at up to this rate; a faster engine's loop ends with the schedule. */
    static final double RATE_CEILING_PER_S = 100_000;
    /** The longest schedule sent (4 bytes a request: 8 MB). */
    static final int MAX_REQUESTS = 2_000_000;
    /** A p99.9 rests on a thousandth of its requests: ten of them need 10,000. */
    static final long P999_LEAST = 10_000;
    /** The fewest requests of a kind, the runs pooled, whose p99.9 is shown at all (as a rough figure). */
    static final long P999_SHOWN = 3_000;

    private static final double[] PERCENTILES = {50, 99, 99.9};

    TrafficPhase() {
        super("traffic", Processes.ONE_PER_RUN, List.of(WARMUP, RUN), allStats());
    }

    private static List<Stat> allStats() {
        List<Stat> stats = new ArrayList<>(List.of(REACHED_PER_S, ASKED_PER_S, HIT_RATE, UTILIZATION));
        KINDS.forEach(k -> stats.addAll(k.latency().stats()));
        KINDS.forEach(k -> stats.addAll(k.service().stats()));
        stats.addAll(List.of(SERVICE_MAX_MS, WAKE_P99_MS, WAKE_MAX_MS, GC_MS, UNPAUSED_P99_MS, HIT_UNPAUSED_P99_MS,
                HIT_CLEAR_P99_MS, PAUSE_MAX_MS, PAUSES_PER_S, PAUSED_SHARE, JIT_MS, LOOP_DELAY_P99_MS));
        return with(stats, COUNTERS);
    }

    private static Stat perS(String id, String label) {
        return Stat.of(id, label, Unit.COUNT, 0).ofRuns().higherIsBetter().counting("requests/s").tolerance(0.10)
                .build();
    }

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
        return List.of(OPEN, MIX, LOAD, SECONDS, DIST, PER_KIND, GC, WarmUp.SHARE, WarmUp.JIT_VISITS, WarmUp.SECONDS);
    }

    /** Its process serves tenants as a service's JVM does: under bench.trafficGc, with a heap for its K open stores. */
    @Override
    public Optional<Serving> serving(TrialParams params) {
        return Optional.of(new Serving(params.option(GC), params.option(OPEN)));
    }

    /** A warm-up per run; and a run, as long as its closed step and open loop, whatever N. */
    @Override
    public double units(String op, int stores, int runs, int hold, PhaseOptions options) {
        if (op.equals(RUN.op())) {
            double seconds = options.option(SECONDS);
            return runs * (closedMs(seconds) / 1000.0 + seconds);
        }
        return op.equals(WARMUP.op()) ? runs : 0;
    }

    /**
     * A run as long as its loop will be, from this engine's kept runs: where their loops lasted longer than their
     * seconds, the reads and writes bench.trafficPerKind asked for set their length, which this run's own floor scales
     * (its count, and the share of its rarer kind); the loop lasts the longer of that and its seconds.
     */
    @Override
    public double plannedUnits(String op, int stores, int runs, int hold, PhaseOptions options, KeptStep kept) {
        if (!op.equals(RUN.op()) || kept.units() <= 0 || kept.lines() == 0) {
            return units(op, stores, runs, hold, options);
        }
        PhaseOptions keptOptions = kept.options();
        double keptSeconds = keptOptions.option(SECONDS);
        double keptLoop = kept.units() / kept.lines() - closedMs(keptSeconds) / 1000.0;
        int keptPerKind = keptOptions.option(PER_KIND);
        double floor = 0;
        if (keptLoop > 1.05 * keptSeconds && keptPerKind > 0) {
            floor = keptLoop * options.option(PER_KIND) / keptPerKind * rarest(keptOptions.option(MIX))
                    / rarest(options.option(MIX));
        }
        double seconds = options.option(SECONDS);
        return runs * (closedMs(seconds) / 1000.0 + Math.max(seconds, floor));
    }

    /**
     * From kept visit and create costs: a read costs half a visit (a miss a visit, a hit little), a write and a copy
     * {@link #WRITE_OF_CREATE} of a create; a warm-up halfway between its pass and its ceiling of visits (the kept
     * runs' settled at 2,500 of 1,000-5,000, the open runs having made the JIT floor: reference-all-e030860 in
     * docs/runs/1000), and at most bench.warmupSeconds past its pass.
     */
    @Override
    public java.util.OptionalDouble unkeptSeconds(String op, double visitS, double createS, int stores, int runs,
                                                  int warmupOpens, PhaseOptions options) {
        if (!(visitS > 0) || !(createS > 0)) {
            return java.util.OptionalDouble.empty();
        }
        if (op.equals(WARMUP.op())) {
            int pass = Math.min(stores, warmupOpens);
            int ceiling = WarmUp.passes(pass, warmupOpens) * pass;
            double warm = Math.min(visitS * (pass + ceiling) / 2, visitS * pass + options.option(WarmUp.SECONDS));
            return java.util.OptionalDouble.of(runs * warm);
        }
        if (!op.equals(RUN.op())) {
            return java.util.OptionalDouble.empty();
        }
        double mix = options.option(MIX);
        // about half the reads hit an open store (57% at K = 100 of N = 1,000 under zipf), and a hit is a count alone
        double writeS = createS * WRITE_OF_CREATE;
        double rate = options.option(LOAD) / (mix * visitS / 2 + (1 - mix) * writeS);
        double seconds = options.option(SECONDS);
        double floor = options.option(PER_KIND) / rarest(mix);
        double loop = Math.max(seconds, floor / rate);
        return java.util.OptionalDouble.of(runs * (closedMs(seconds) / 1000.0 + loop + stores * writeS));
    }

    /**
     * A write or a store's copy against a store's create: 0.2 at the median in docs/runs/1000/reference-all-e030860;
     * at 0.25 SQLite's and ObjectBox's estimates come within 0.5-2 times their kept runs' (RunPlanTest).
     */
    static final double WRITE_OF_CREATE = 0.25;

    /**
     * The most requests of the rarer kind a run can be asked for: a schedule of {@link #MAX_REQUESTS} holds about the
     * kind's share of them, less the margin {@link Schedules#draw} sizes a schedule with (1.2).
     */
    static int mostPerKind(double readShare) {
        return (int) Math.floor(MAX_REQUESTS * rarest(readShare) / 1.2);
    }

    /** The share of the mix's rarer kind (1 for a mix of one kind). */
    private static double rarest(double readShare) {
        double r = Math.min(readShare, 1 - readShare);
        return r > 0 ? r : 1;
    }

    /** An engine that holds fewer than K stores open would fail a minute in: the run stops before. */
    @Override
    public void check(storebench.engine.EngineDescriptor engine, List<storebench.model.Setting> settings,
                      PhaseOptions options) {
        int most = mostPerKind(options.option(MIX));
        if (options.option(PER_KIND) > most) {
            throw new IllegalArgumentException(String.format(Locale.US, "%s=%,d asks more than a traffic run serves:"
                    + " each run's schedule is capped at %,d requests, of which the rarer kind is %s at %s=%s; give %s=%,d"
                    + " or fewer", PER_KIND.name(), options.option(PER_KIND), MAX_REQUESTS,
                    Stat.number(100 * rarest(options.option(MIX)), 0) + "%", MIX.name(), options.option(MIX),
                    PER_KIND.name(), most));
        }
        int k = options.option(OPEN);
        for (storebench.model.Setting setting : settings) {
            engine.openStoresLimit(setting).filter(limit -> k > limit.most()).ifPresent(limit -> {
                throw new IllegalArgumentException(String.format(Locale.US, "%s=%,d is more stores than %s holds open"
                        + " in one process under %s: at most %,d (%s); give %s=%,d or fewer, or leave %s out of"
                        + " bench.engines%s", OPEN.name(), k, engine.id(), setting.id(), limit.most(), limit.why(),
                        OPEN.name(), limit.most(), engine.id(), settings.stream().anyMatch(other ->
                                engine.openStoresLimit(other).isEmpty()) ? " (or measure only the settings without"
                                + " the limit)" : ""));
            });
        }
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
        Map<Stat, Pooled> pooled = new LinkedHashMap<>();
        Optional<String> unread = Optional.empty();
        for (int r = 1; r <= p.runs(); r++) {
            WarmUp.forRun(run, r, WARMUP, Query.COUNT);
            Path own = run.stores().own("traffic");
            try {
                TrafficAnswer a = send(run, own, r);
                add(a, r, new Collecting(figures, logs, pooled));
                unread = unread.or(() -> a.counters().flatMap(c -> c.device().unread()));
            } finally {
                run.stores().deleteOwn(own);
            }
            run.processes().keepWarm(r);
        }
        for (Map.Entry<String, List<HdrLogs.Interval>> e : logs.entrySet()) {
            run.results().hdrLog(RUN.op() + "-" + e.getKey(), e.getValue());
        }
        Measured m = new Measured(this);
        List<Stat> said = unread.isPresent() ? COUNTERS.sayUnread(run, this, unread.get(), figures) : List.of();
        List<Stat> without = new ArrayList<>();
        for (Stat stat : stats()) {
            List<Double> runs = figures.get(stat);
            Pooled pool = pooled.get(stat);
            if (runs != null && runs.size() == p.runs()) {
                m.put(stat, RunStats.median(runs), runs);
            } else if (pool != null && pool.runs().size() == p.runs() && pool.all().getTotalCount() >= P999_SHOWN) {
                // a run served fewer than the p99.9 needs, the runs together enough: the pool's, each run's beside it
                m.put(stat, TrafficHistograms.ms(pool.all(), 99.9), pool.runs());
            } else if (stat.measuredIn(p.runtime()) && !said.contains(stat)) {
                without.add(stat);
            }
        }
        m.recordTo(run.results());
        if (!without.isEmpty()) {
            run.results().notMeasured(this, without, "a run had none of these requests (no misses where K >= N, no"
                    + " writes or reads where the mix draws none), or fewer than " + String.format(Locale.US, "%,d",
                    P999_SHOWN) + " of a kind, the runs pooled, for its p99.9 (bench.trafficPerKind sizes the loop), or its loop never"
                    + " yielded to the event loop for a delay to be sampled: " + without.stream().map(Stat::id)
                    .collect(java.util.stream.Collectors.joining(", ")));
        }
        return m;
    }

    /** The closed step's length: {@link #CLOSED_MS}, or the open loop's where that is shorter. */
    static long closedMs(double openSeconds) {
        return Math.max(1, Math.min(CLOSED_MS, Math.round(openSeconds * 1000)));
    }

    /** Run r's schedules: the closed step's from seed -r, the open loop's from seed r, and its least length. */
    record Schedules(TrafficDraws closed, TrafficDraws open, int leastRequests) {
        static Schedules draw(int stores, double readShare, Tenants.Distribution dist, int perKind, double seconds,
                              long closedMs, int r) {
            int closedMost = (int) Math.max(1_000, closedMs * CLOSED_PER_MS);
            TrafficDraws closed = TrafficDraws.draw(dist, stores, readShare, -r, closedMost);
            long estimate = perKind == 0 ? 0 : (long) (perKind / rarest(readShare) * 1.2) + 1_000;
            int want = (int) Math.min(MAX_REQUESTS, Math.max(Math.max(estimate, 1),
                    (long) Math.ceil(seconds * RATE_CEILING_PER_S)));
            TrafficDraws open = TrafficDraws.draw(dist, stores, readShare, r, want);
            int least = open.holding(perKind, readShare);
            while (least < 0 && want < MAX_REQUESTS) {
                want = (int) Math.min(MAX_REQUESTS, 2L * want);
                open = TrafficDraws.draw(dist, stores, readShare, r, want);
                least = open.holding(perKind, readShare);
            }
            return new Schedules(closed, open, least < 0 ? open.requests() : least);
        }
    }

    private static TrafficAnswer send(PhaseRun run, Path own, int r) throws Exception {
        TrialParams p = run.params();
        long closedMs = closedMs(p.option(SECONDS));
        Schedules schedules = Schedules.draw(p.stores(), p.option(MIX), p.option(DIST), p.option(PER_KIND),
                p.option(SECONDS), closedMs, r);
        ObjectNode request = run.processes().request(TrafficAnswer.OP, new TrafficRequest(own.toString(), p.stores(),
                p.option(OPEN), closedMs, p.option(LOAD), p.option(SECONDS), new TrafficRequest.Drawn(
                schedules.closed().encode(), schedules.open().encode(), schedules.leastRequests()), true));
        return run.processes().send(RUN, request, 3, TrafficAnswer::of, (l, a) -> ResultsFile.with(l, line(r, a, p,
                schedules))).result();
    }

    /** Run r's phase line; it visited none of the pool's stores (its requests go to its copies). */
    private static TrafficLine line(int r, TrafficAnswer a, TrialParams p, Schedules schedules) {
        TrafficAnswer.Open o = a.open();
        TrafficAnswer.RuntimeWork w = a.runtime();
        TrafficAnswer.Cache cache = a.cache();
        TrafficHistograms h = a.measured().latency();
        // every pause of the loop: start after it began, length
        List<Long> starts = java.util.Arrays.stream(w.pauses().startMs()).limit(w.pauses().count())
                .mapToObj(Math::round).toList();
        List<Double> lengths = java.util.Arrays.stream(w.pauses().durationMs()).mapToObj(d -> Math.round(d * 10) / 10.0)
                .toList();
        return new TrafficLine(p.column(), RUN.op(), new StepWork(0, null, r,
                round((a.closed().wallNs() + o.loopWallNs()) / 1e9)),
                new TrafficLine.Served(round(o.reachedPerS()), round(o.askedPerS()), round(o.utilization()),
                        o.requests(), schedules.open().requests(), round(o.loopWallNs() / 1e9), o.checked()),
                new TrafficLine.Met(cache.hits(), cache.misses(), cache.writes(), cache.evictions(), Map.of("hit",
                        h.count(TrafficHistograms.READ_HIT), "miss", h.count(TrafficHistograms.READ_MISS), "write",
                        h.count(TrafficHistograms.WRITE_HIT) + h.count(TrafficHistograms.WRITE_MISS))),
                new TrafficLine.Asked(p.option(OPEN), p.option(MIX), p.option(LOAD), p.option(DIST).id(),
                        p.option(PER_KIND), schedules.leastRequests()),
                new TrafficLine.Closed(a.closed().served(), round(a.closed().perS())),
                // the Node worker's collector is V8's, whatever the option
                new TrafficLine.Collector(w.pauses().collector(), p.runtime() == TrialRuntime.JVM ? p.option(GC).id()
                        : null, w.heapMaxMb(), round(w.gcMs()), w.gcCount(), new TrafficLine.Paused(w.pauses().count(),
                        round(w.pauses().longestMs()), starts, lengths, w.pauses().touched()),
                        new TrafficLine.Allocation(w.allocatedBytes() < 0 || o.requests() == 0 ? -1
                                : w.allocatedBytes() / o.requests(), w.survivedBytes()),
                        new TrafficLine.Delays(rounded(w.jitMs()), rounded(w.loopDelayP99Ms()),
                                rounded(w.loopDelayMaxMs()))));
    }

    private static Double rounded(java.util.OptionalDouble v) {
        return v.isPresent() ? round(v.getAsDouble()) : null;
    }

    private static double round(double v) {
        return Math.round(v * 1000) / 1000.0;
    }

    private void add(TrafficAnswer a, int r, Collecting c) {
        Map<Stat, List<Double>> figures = c.figures();
        TrafficAnswer.Measured m = a.measured();
        put(figures, REACHED_PER_S, a.open().reachedPerS());
        put(figures, ASKED_PER_S, a.open().askedPerS());
        put(figures, HIT_RATE, m.latency().hitRate());
        put(figures, UTILIZATION, a.open().utilization());
        for (Kind k : KINDS) {
            addMeasure(k.name(), k.of().apply(m.latency()), k.latency(), a, r, c);
            addMeasure("service-" + k.name(), k.of().apply(m.service()), k.service(), a, r, c);
        }
        if (m.service().all().getTotalCount() > 0) {
            put(figures, SERVICE_MAX_MS, m.service().all().getMaxValue() / 1e6);
        }
        // none: the loop never waited, it ran behind its schedule from the first request and never woke late
        boolean woke = m.wakeLateness().getTotalCount() > 0;
        put(figures, WAKE_P99_MS, woke ? TrafficHistograms.ms(m.wakeLateness(), 99) : 0);
        put(figures, WAKE_MAX_MS, woke ? m.wakeLateness().getMaxValue() / 1e6 : 0);
        put(figures, GC_MS, a.runtime().gcMs());
        TrafficAnswer.Pauses pauses = a.runtime().pauses();
        for (Map.Entry<Stat, Histogram> e : List.of(Map.entry(UNPAUSED_P99_MS, m.untouched().all()),
                Map.entry(HIT_UNPAUSED_P99_MS, m.untouched().hits()), Map.entry(HIT_CLEAR_P99_MS,
                        m.clearOfWrites().hits()))) {
            if (e.getValue().getTotalCount() > 0) {
                put(figures, e.getKey(), TrafficHistograms.ms(e.getValue(), 99));
            }
        }
        put(figures, PAUSE_MAX_MS, pauses.longestMs());
        put(figures, PAUSES_PER_S, a.open().loopWallNs() > 0 ? pauses.count() * 1e9 / a.open().loopWallNs() : 0);
        put(figures, PAUSED_SHARE, a.open().requests() > 0 ? (double) pauses.touched() / a.open().requests() : 0);
        a.runtime().jitMs().ifPresent(v -> put(figures, JIT_MS, v));
        a.runtime().loopDelayP99Ms().ifPresent(v -> put(figures, LOOP_DELAY_P99_MS, v));
        a.counters().ifPresent(counted -> COUNTERS.add(counted, a.open().requests(), figures));
    }

    private static void put(Map<Stat, List<Double>> figures, Stat stat, double value) {
        figures.computeIfAbsent(stat, s -> new ArrayList<>()).add(value);
    }

    /** A p99.9's runs: their histograms added, and each run's own p99.9 (its spread, where the pool's is the figure). */
    record Pooled(Histogram all, List<Double> runs) {
    }

    /** What the runs gave so far. */
    record Collecting(Map<Stat, List<Double>> figures, Map<String, List<HdrLogs.Interval>> logs,
                      Map<Stat, Pooled> pooled) {
    }

    private static void addMeasure(String name, Histogram h, Measure stats, TrafficAnswer a, int r, Collecting c) {
        Map<Stat, List<Double>> figures = c.figures();
        if (h.getTotalCount() == 0) {
            return; // a run without such requests: the figure is left out (its statistic is optional)
        }
        c.logs().computeIfAbsent(name, k -> new ArrayList<>()).add(HdrLogs.interval(h, "run-" + r, a.open().startMs(),
                a.open().loopWallNs()));
        put(figures, stats.p50(), TrafficHistograms.ms(h, 50));
        put(figures, stats.p99(), TrafficHistograms.ms(h, 99));
        if (h.getTotalCount() >= P999_LEAST) {
            put(figures, stats.p999(), TrafficHistograms.ms(h, 99.9));
        }
        Pooled pool = c.pooled().computeIfAbsent(stats.p999(), st -> new Pooled(new Histogram(h.getNumberOfSignificantValueDigits()),
                new ArrayList<>()));
        pool.all().add(h);
        pool.runs().add(TrafficHistograms.ms(h, 99.9));
        put(figures, stats.mean(), h.getMean() / 1e6);
    }

    /** Latency and service time at 0.3, 2 and 3 "nines" (-log10 of the share slower), as HdrHistogram plots them. */
    @Override
    public List<Curve> curves(RunResults results, List<String> engines, String setting) {
        List<Curve> curves = new ArrayList<>();
        curve(results, engines, setting, ALL.latency()).ifPresent(series -> curves.add(new Curve("Tenant traffic:"
                + " latency by percentile", "nines (2: p99, 3: p99.9)", "ms", "Every request of the traffic phase's"
                + " open loop, from the time it was due: p50, p99 and p99.9, each the median of the runs (results.jsonl:"
                + " `traffic_all_p50_ms`, `_p99_ms`, `_p999_ms`; the runs' whole histograms are in hdr/,"
                + " `traffic-all.hlog`). An engine that fell behind its rate shows it here first.", series)));
        curve(results, engines, setting, ALL.service()).ifPresent(series -> curves.add(new Curve("Tenant traffic:"
                + " service time by percentile", "nines (2: p99, 3: p99.9)", "ms", "The same requests from the time"
                + " the loop started each (`traffic_all_service_p50_ms`, ...; hdr/`traffic-service-all.hlog`): what"
                + " the engine took. Where it lies well below the latency curve, the tail is requests waiting behind"
                + " others, not slow requests of their own.", series)));
        return curves;
    }

    private static Optional<Map<String, List<double[]>>> curve(RunResults results, List<String> engines,
                                                               String setting, Measure m) {
        List<Stat> stats = List.of(m.p50(), m.p99(), m.p999());
        Map<String, List<double[]>> series = Curve.series(engines, e -> {
            List<double[]> points = new ArrayList<>();
            for (int k = 0; k < stats.size(); k++) {
                double nines = -Math.log10(1 - PERCENTILES[k] / 100);
                results.measurement(e, setting, stats.get(k).id()).ifPresent(x -> points.add(new double[]{nines,
                        x.value()}));
            }
            return points.size() == stats.size() ? points : List.of();
        });
        return series.isEmpty() ? Optional.empty() : Optional.of(series);
    }

    @Override
    public List<String> notes(RunResults results, String engine, String setting) {
        Column column = new Column(engine, setting); // the runs' phase lines (a status line of the phase has no figures)
        List<TrafficLine> runs = results.lines(PhaseLine.KIND, TrafficLine::of).stream().filter(l -> l.column()
                .equals(column) && RUN.op().equals(l.op()) && l.ranLoop()).toList();
        if (runs.isEmpty()) {
            return List.of();
        }
        List<String> notes = new ArrayList<>();
        notes.add(summary(runs));
        noHits(results, engine, setting, runs).ifPresent(notes::add);
        notes.addAll(p999Notes(runs, kind -> results.measurement(engine, setting, KINDS.stream()
                .filter(k -> k.name().equals(kind)).findFirst().orElseThrow().latency().p999().id()).isPresent()));
        pauseNote(results, engine, setting, runs).or(() -> gcShare(results, engine, setting)).ifPresent(notes::add);
        return notes;
    }

    /** Why the hit rows are empty where the runs measured traffic. */
    private static Optional<String> noHits(RunResults results, String engine, String setting, List<TrafficLine> runs) {
        if (results.measurement(engine, setting, HIT.latency().p50().id()).isPresent()
                || results.measurement(engine, setting, ALL.latency().p50().id()).isEmpty()) {
            return Optional.empty();
        }
        boolean noReads = runs.stream().anyMatch(l -> l.asked().readShare() == 0);
        return Optional.of(noReads ? "traffic: no read, so no hit figures: every request wrote (bench.trafficMix=0)."
                : "traffic: no read found its store open (the open loop was over first), so no hit figures.");
    }

    private static String summary(List<TrafficLine> runs) {
        long total = runs.stream().mapToLong(l -> l.served().requests()).sum();
        double seconds = runs.stream().mapToDouble(l -> l.served().seconds()).reduce(0, Double::sum);
        long writes = runs.stream().mapToLong(l -> l.met().writes()).sum();
        long evictions = runs.stream().mapToLong(l -> l.met().evictions()).sum();
        java.util.DoubleSummaryStatistics util = runs.stream().map(l -> l.served().utilization())
                .filter(u -> u != null && !u.isNaN()).mapToDouble(Double::doubleValue).summaryStatistics();
        TrafficLine.Asked last = runs.get(runs.size() - 1).asked();
        StringBuilder s = new StringBuilder(String.format(Locale.US, "traffic: %d run%s, %,d requests in %.1f s of open"
                + " loop (tenants drawn from `%s`, %,d writes, %,d stores closed to open others, %d open at most)",
                runs.size(), runs.size() == 1 ? "" : "s", total, seconds, last.dist(), writes, evictions,
                last.open()));
        if (util.getMax() > 0) {
            s.append(String.format(Locale.US, "; utilization reached %.2f-%.2f at a load of %.2f asked", util.getMin(),
                    util.getMax(), last.load()));
        }
        return s.append("; every store's count checked after each run.").toString();
    }

    /** How many requests each kind's p99.9 rests on in the smallest run, or that it was left out with too few. */
    private static List<String> p999Notes(List<TrafficLine> runs, java.util.function.Predicate<String> measured) {
        Map<String, Long> fewest = new LinkedHashMap<>();
        Map<String, Long> total = new LinkedHashMap<>();
        for (TrafficLine l : runs) {
            for (String kind : List.of("hit", "miss", "write")) {
                if (l.met().kinds().containsKey(kind)) {
                    fewest.merge(kind, l.met().kinds().get(kind), Math::min);
                    total.merge(kind, l.met().kinds().get(kind), Long::sum);
                }
            }
        }
        Map<String, String> names = Map.of("hit", "reads of an open store", "miss", "reads that opened their store",
                "write", "writes");
        List<String> few = new ArrayList<>();
        List<String> enough = new ArrayList<>();
        List<String> pooled = new ArrayList<>();
        List<String> rough = new ArrayList<>();
        for (Map.Entry<String, Long> e : fewest.entrySet()) {
            long all = total.get(e.getKey());
            if (e.getValue() >= P999_LEAST) {
                enough.add(String.format(Locale.US, "%s %,d", names.get(e.getKey()), e.getValue() / 1000));
            } else if (e.getValue() > 0 && all >= P999_SHOWN && measured.test(e.getKey())) {
                (all >= P999_LEAST ? pooled : rough).add(String.format(Locale.US, "%s %,d of %,d",
                        names.get(e.getKey()), all / 1000, all));
            } else if (e.getValue() > 0) {
                few.add(String.format(Locale.US, "%s (%,d in the smallest run)", names.get(e.getKey()), e.getValue()));
            }
        }
        List<String> notes = new ArrayList<>();
        if (!enough.isEmpty()) {
            notes.add("traffic: the smallest run's p99.9 rests on its slowest " + String.join(", ", enough) + ".");
        }
        if (!pooled.isEmpty()) {
            notes.add("traffic: a run served fewer than " + String.format(Locale.US, "%,d", P999_LEAST) + " of a kind,"
                    + " so its p99.9 is that of the runs pooled (their histograms added; each run's own is its spread),"
                    + " resting on the slowest " + String.join(", ", pooled) + ".");
        }
        if (!rough.isEmpty()) {
            notes.add("traffic: the runs pooled served fewer than " + String.format(Locale.US, "%,d", P999_LEAST)
                    + " of a kind, so its p99.9 rests on fewer than ten requests, a rough figure: the slowest "
                    + String.join(", ", rough) + " (bench.trafficPerKind sizes the loop).");
        }
        if (!few.isEmpty()) {
            notes.add(String.format(Locale.US, "traffic: p99.9 left out, too few requests: %s; it needs %,d, the runs"
                    + " pooled (three beyond it; bench.trafficPerKind sizes the loop).", String.join(", ", few),
                    P999_SHOWN));
        }
        return notes;
    }

    /** The collector's pauses beside the tail: the p99 of every request and of those no pause touched. */
    private static Optional<String> pauseNote(RunResults results, String engine, String setting,
                                              List<TrafficLine> runs) {
        TrafficLine.Collector c = runs.get(runs.size() - 1).runtime();
        Optional<Double> max = results.measurement(engine, setting, PAUSE_MAX_MS.id()).map(x -> x.value());
        if (!c.named() || max.isEmpty()) {
            return Optional.empty();
        }
        double perS = results.measurement(engine, setting, PAUSES_PER_S.id()).map(x -> x.value()).orElse(0.0);
        double share = results.measurement(engine, setting, PAUSED_SHARE.id()).map(x -> x.value()).orElse(0.0);
        double p99 = results.measurement(engine, setting, ALL_P99_MS.id()).map(x -> x.value()).orElse(0.0);
        Optional<Double> unpaused = results.measurement(engine, setting, UNPAUSED_P99_MS.id()).map(x -> x.value());
        String asked = c.asked() == null || c.name().startsWith("V8") ? "" : " (bench.trafficGc=" + c.asked() + ")";
        StringBuilder s = new StringBuilder(String.format(Locale.US, "traffic: collector %s%s, heap limit %,d MiB:"
                + " %.1f pauses a second, the longest %,.1f ms; p99 of every request %,.1f ms", c.name(), asked,
                c.heapMaxMb(), perS, max.get(), p99));
        unpaused.ifPresentOrElse(u -> s.append(String.format(Locale.US, ", of the %.1f%% no pause touched %,.1f ms",
                100 * (1 - share), u)), () -> s.append(", and a pause touched every request"));
        results.measurement(engine, setting, SERVICE_MAX_MS.id()).ifPresent(x -> s.append(String.format(Locale.US,
                "; the slowest request's service took %,.1f ms, and the requests due meanwhile waited for it",
                x.value())));
        results.measurement(engine, setting, HIT_CLEAR_P99_MS.id()).ifPresent(x -> s.append(String.format(Locale.US,
                "; reads of an open store no write held back, p99 %,.1f ms", x.value())));
        return Optional.of(s.append(" (medians of the runs; every pause is in results.jsonl's traffic lines).")
                .toString());
    }

    /**
     * For runs without single pauses: collections longer in all than the p99 wait could make part of the tail (the sum
     * says they can, not that they did).
     */
    private static Optional<String> gcShare(RunResults results, String engine, String setting) {
        double gc = results.measurement(engine, setting, GC_MS.id()).map(m -> m.value()).orElse(0.0);
        double p99 = results.measurement(engine, setting, ALL_P99_MS.id()).map(m -> m.value()).orElse(0.0);
        if (p99 <= 0 || gc <= p99) {
            return Optional.empty();
        }
        return Optional.of(String.format(Locale.US, "traffic: the runtime's garbage collections paused the"
                + " open loop %,.0f ms in all (median of the runs), longer than its p99 request waited (%,.1f ms): part"
                + " of its tail may be the runtime's, not the engine's (`traffic_gc_ms` beside the service times).", gc,
                p99));
    }
}
