package storebench.phase;

import com.fasterxml.jackson.databind.node.ObjectNode;
import org.HdrHistogram.Histogram;
import storebench.measure.HdrLogs;
import storebench.measure.Latency;
import storebench.results.Stat;
import storebench.results.Stat.Unit;
import storebench.trial.answer.CreateAnswer;

import java.util.List;

/**
 * Create: for each store, create its directory, open a new store (schema commit), put W notes in one transaction,
 * close; timed together per store. Runs once per trial, on the stores the pool lacks (all of them, unless
 * bench.reuse keeps valid ones).
 */
public final class CreatePhase extends Phase {
    public static final Stat CREATE_MS = Stat.of("create_ms", "Create, write %W% objects, close (median)", Unit.MS, 2)
            .reference(1).tolerance(0.10).chart(Phases.Chart.MEDIANS, "Create, write %W% objects, close (median ms)").build();
    public static final Stat STORES_PER_S = Stat.of("stores_per_s", "Stores per second", Unit.COUNT, 0).reference(2)
            .higherIsBetter().counting("stores/s").tolerance(0.10).build();
    public static final Step CREATE = new Step(CreateAnswer.OP, true, "create");

    @Override
    public double units(String op, int stores, int runs, int hold, PhaseOptions options) {
        return op.equals(CREATE.op()) ? stores : 0;
    }

    CreatePhase() {
        super("create", Processes.SHARED, List.of(CREATE), List.of(CREATE_MS, STORES_PER_S));
    }

    /** The stores are made once per trial (by the pool, which calls {@link #create}); this reports their figures. */
    @Override
    public Measured measure(PhaseRun run) throws Exception {
        run.stores().ensure();
        return run.results().recorded(this);
    }

    public static Measured create(PhaseRun run, List<Integer> stores) throws Exception {
        return create(run, stores, true);
    }

    /** Without {@code record} the stores are made for other phases, and no figure claims the create phase. */
    public static Measured create(PhaseRun run, List<Integer> stores, boolean record) throws Exception {
        ObjectNode request = run.processes().request(CreateAnswer.OP, new StoresRequest(stores.stream()
                .mapToInt(Integer::intValue).toArray()));
        CreateAnswer result = run.processes().send(CREATE, request, stores.size(), CreateAnswer::of, (l, reply) -> { }).result();
        if (!record) {
            return new Measured(Phases.CREATE);
        }
        long wallNs = result.wallNs();
        Histogram h = Latency.histogram(result.samples("create"));
        run.results().hdrLog("create", List.of(HdrLogs.interval(h, "create", result.startMs(), wallNs)));
        Measured m = new Measured(Phases.CREATE);
        m.put(CREATE_MS, Latency.p50Ms(h)).put(STORES_PER_S, stores.size() / (wallNs / 1e9));
        return m.recordTo(run.results());
    }
}
