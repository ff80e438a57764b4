package storebench.phase;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.HdrHistogram.Histogram;
import storebench.measure.HdrLogs;
import storebench.measure.Latency;
import storebench.measure.RunStats;
import storebench.results.Stat;
import storebench.results.Stat.Unit;
import storebench.trial.Protocol;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Read: like the open runs (R runs, each in a fresh trial process after its own warm-up, in the seeded visiting
 * orders), but per store: open, read every note (text and ts into the runtime's own values), close. The notes read
 * are checked against the workload's (their count, the sums of text lengths and of ts), as the count query is against
 * W. The reference's caveat 5: a different query, e.g. reading all objects, compares differently than the count.
 */
public final class ReadPhase extends Phase {
    public static final Stat READ_MS = Stat.of("read_ms", "Read every note (median)", Unit.MS, 3).row(15).ofRuns()
            .chart(Phases.READ, "Read every note (median ms)").build();
    public static final Stat ORC_MS = Stat.of("orc_ms", "Open, read every note, close (median)", Unit.MS, 3).row(16)
            .ofRuns().chart(Phases.READ, "Open, read every note, close (median ms)").build();
    public static final Stat ORC_P99_MS = Stat.of("orc_p99_ms", "same, p99", Unit.MS, 3).row(17).ofRuns().build();
    /** Open, read every note, close, over the warm-up order (at least bench.warmupOpens visits), untimed. */
    public static final Step READWARMUP = new Step(Protocol.READWARMUP, true, "read warm-up");
    public static final Step READRUN = new Step(Protocol.READRUN, true, "read runs");

    ReadPhase() {
        super("read");
    }

    @Override
    public List<Stat> stats() {
        return List.of(READ_MS, ORC_MS, ORC_P99_MS);
    }

    @Override
    public List<Step> steps() {
        return List.of(READWARMUP, READRUN);
    }

    /** R fresh processes, each a warm-up of whole passes and the run. */
    @Override
    public int opensPerStore(int stores, int runs, int warmupPasses, PhaseOptions options) {
        return runs * (warmupPasses + 1);
    }

    @Override
    public Processes processes() {
        return Processes.FRESH_PER_RUN;
    }

    @Override
    public Measured measure(PhaseRun run) throws Exception {
        run.ensureStores();
        Map<Stat, List<Double>> figures = new LinkedHashMap<>();
        for (Stat s : stats()) {
            figures.put(s, new ArrayList<>());
        }
        List<HdrLogs.Interval> readLog = new ArrayList<>();
        List<HdrLogs.Interval> orcLog = new ArrayList<>();
        for (int r = 1; r <= run.runs(); r++) {
            int runNumber = r;
            run.freshProcess();
            ObjectNode warm = run.request(Protocol.READWARMUP);
            warm.set("order", Protocol.ints(run.warmOrder().stream().mapToInt(Integer::intValue).toArray()));
            run.send(READWARMUP, warm, run.warmOrder().size(), (l, reply) -> l.put("run", runNumber));
            ObjectNode request = run.request(Protocol.READRUN).put("run", r);
            request.set("order", Protocol.ints(OpenRunsPhase.visitingOrder(run.stores(), r)));
            ObjectNode result = run.send(READRUN, request, run.stores(), (l, reply) -> l.put("run", runNumber)).result();
            JsonNode samples = result.path("samples");
            Histogram read = Latency.histogram(Protocol.toLongs(samples.get("read"), "read"));
            Histogram orc = Latency.histogram(Protocol.toLongs(samples.get("orc"), "orc"));
            long startMs = result.path("startMs").asLong();
            long wallNs = result.path("wallNs").asLong();
            readLog.add(HdrLogs.interval(read, "run-" + r, startMs, wallNs));
            orcLog.add(HdrLogs.interval(orc, "run-" + r, startMs, wallNs));
            figures.get(READ_MS).add(Latency.p50Ms(read));
            figures.get(ORC_MS).add(Latency.p50Ms(orc));
            figures.get(ORC_P99_MS).add(Latency.p99Ms(orc));
        }
        run.hdrLog("readrun-read", readLog);
        run.hdrLog("readrun-orc", orcLog);
        Measured m = new Measured(this);
        for (Map.Entry<Stat, List<Double>> e : figures.entrySet()) {
            m.put(e.getKey(), RunStats.median(e.getValue()));
            run.stat(e.getKey(), m.value(e.getKey()), e.getValue());
        }
        run.freshProcess();
        return m;
    }
}
