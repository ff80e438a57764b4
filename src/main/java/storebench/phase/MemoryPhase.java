package storebench.phase;

import com.fasterxml.jackson.databind.node.ObjectNode;
import storebench.engine.EngineDescriptor;
import storebench.engine.Engines;
import storebench.model.Setting;
import storebench.model.StatId;
import storebench.model.TrialRuntime;
import storebench.results.MemoryLine;
import storebench.results.RunResults;
import storebench.results.OpenStoreMemory;
import storebench.results.Stat;
import storebench.results.Stat.Unit;
import storebench.trial.Query;
import storebench.trial.answer.HoldAnswer;
import storebench.trial.answer.MemorySnapshot;

import java.util.List;

/**
 * Memory per open store: in a fresh trial process, warm up like the open runs, read "before"; open M stores and run
 * one count on each; read "after": (after - before) / M, resident and anonymous (/proc/PID/smaps_rollup), the
 * managed heap (after a full collection), and their total (OpenStoreMemory: a JVM's pre-touched heap hides its growth
 * from resident).
 */
public final class MemoryPhase extends Phase {
    public static final Stat MEM_RESIDENT_KB = Stat.of("mem_resident_kb", "Memory per open store (%M% open), resident",
            Unit.KB, 0).reference(8).tolerance(0.05).chart(Phases.Chart.MEMORY, "Resident memory per open store (KB)").build();
    public static final Stat MEM_ANON_KB = Stat.of("mem_anon_kb", "same, anonymous (process' own memory)", Unit.KB, 0)
            .reference(9).tolerance(0.05).chart(Phases.Chart.MEMORY, "Anonymous memory per open store (KB)").build();
    /** What one more open store costs the process: the figure rankings, charts and the gate use (OpenStoreMemory). */
    public static final Stat MEM_TOTAL_KB = Stat.of(OpenStoreMemory.TOTAL,
            "same, in total (resident, plus the Java heap's growth in a JVM)", Unit.KB, 0).besideReference(9)
            .tolerance(0.05).chart(Phases.Chart.MEMORY, "Memory per open store, in total (KB)").build();
    public static final Stat HEAP_KB = Stat.of("heap_kb",
            "Managed heap per open store (Java heap; JS heap for Node engines)", Unit.KB, 1).tolerance(0.05)
            .chart(Phases.Chart.MEMORY, "Managed heap per open store (KB)").build();
    /** The holding process' warm-up, before its first memory reading. */
    public static final Step WARMUP = Step.warmUp("memorywarmup", "warm-up");
    public static final Step HOLD = new Step(HoldAnswer.OP, true, "memory");

    MemoryPhase() {
        // a fresh process, closed after it: nothing else may have run in the process that measures memory
        super("memory", Processes.FRESH, List.of(WARMUP, HOLD), List.of(MEM_RESIDENT_KB, MEM_ANON_KB, MEM_TOTAL_KB,
                HEAP_KB));
    }

    @Override
    public double units(String op, int stores, int runs, int hold, PhaseOptions options) {
        return op.equals(WARMUP.op()) ? 1 : op.equals(HOLD.op()) ? hold : 0;
    }

    @Override
    public int opensPerStore(int stores, int runs, int warmupPasses, PhaseOptions options) {
        return warmupPasses + 1;
    }

    /** An engine's resource shared per process is made before the first reading: counted once, not per store. */
    @Override
    public List<String> notes(RunResults results, String engine, String setting) {
        if (!Setting.TUNED.id().equals(setting) || results.measurement(engine, setting, OpenStoreMemory.TOTAL).isEmpty()
                && results.measurement(engine, setting, StatId.MEM_RESIDENT_KB.id()).isEmpty()) {
            return List.of();
        }
        return Engines.find(engine).flatMap(EngineDescriptor::sharedPerProcess).map(shared -> "memory: per open store"
                + " over a shared base: " + shared + ", made once by the process before its reading before the stores"
                + " opened, so counted once, not per store.").stream().toList();
    }

    /** M: its process gets the heap for them. */
    @Override
    public int holdsOpen(TrialParams params) {
        return params.hold();
    }

    @Override
    public Measured measure(PhaseRun run) throws Exception {
        run.stores().ensure();
        int m = run.params().hold();
        ObjectNode request = run.processes().request(HoldAnswer.OP, new StoresRequest(WarmColdPhase.inOrder(m)));
        // the engine's one-off costs (loading, JIT, the first query's work) must not land in (after - before) / M
        WarmUp.warm(run, WARMUP, Query.COUNT);
        HoldAnswer result = run.processes().send(HOLD, request, m, HoldAnswer::of, (l, reply) -> { }).result();
        MemorySnapshot before = result.before();
        MemorySnapshot after = result.after();
        Measured measured = new Measured(this);
        measured.put(MEM_RESIDENT_KB, (after.rssKb() - before.rssKb()) / m);
        measured.put(MEM_ANON_KB, (after.anonKb() - before.anonKb()) / m);
        double heapKb = (after.heapUsedBytes() - before.heapUsedBytes()) / 1024 / m;
        measured.put(HEAP_KB, heapKb);
        measured.put(MEM_TOTAL_KB, OpenStoreMemory.total(measured.figures().get(MEM_RESIDENT_KB), heapKb,
                run.params().runtime() == TrialRuntime.JVM));
        run.results().append(MemoryLine.KIND, new MemoryLine(run.params().column(), m, before.asAnswered(),
                after.asAnswered()));
        return measured.recordTo(run.results());
    }
}
