package storebench.trial.child;

import storebench.engine.Engine;
import storebench.engine.Engines;
import storebench.engine.Note;
import storebench.engine.SlowedEngine;
import storebench.measure.Environment;
import storebench.measure.ProcMemory;
import storebench.measure.ProcResources;
import storebench.model.Setting;
import storebench.model.Workload;
import storebench.trial.Protocol;
import storebench.trial.Query;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;

import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.function.IntConsumer;

/**
 * The child JVM's main: serves one engine over the trial protocol (docs/protocol.md) on stdin/stdout. Like
 * a JMH fork, it holds one engine under one setting for its whole life.
 */
public final class TrialMain {
    private static final long PROGRESS_EVERY_NS = 2_000_000_000L;

    private final PrintStream out;
    private PhaseLoops phases;
    private StoreChecks checks;
    private String engineId;

    private TrialMain(PrintStream out) {
        this.out = out;
    }

    public static void main(String[] args) throws Exception {
        PrintStream protocolOut = new PrintStream(new java.io.FileOutputStream(java.io.FileDescriptor.out), false,
                StandardCharsets.UTF_8);
        System.setOut(System.err); // whatever an engine prints must not reach the protocol pipe
        exitWhenOrphaned();
        TrialMain main = new TrialMain(protocolOut);
        BufferedReader in = new BufferedReader(new InputStreamReader(System.in, StandardCharsets.UTF_8));
        String line;
        while ((line = in.readLine()) != null) {
            if (line.isBlank()) {
                continue;
            }
            JsonNode request = Protocol.JSON.readTree(line);
            String op = request.path("op").asText("");
            try {
                main.send(main.serve(op, request));
            } catch (CountMismatch e) {
                main.send(Protocol.error(op, e.getMessage()).put("store", e.store));
            } catch (LinkageError e) {
                e.printStackTrace();
                // an engine whose native library cannot load here: its trial is skipped with the loader's reason
                main.send(Protocol.error(op, "the engine cannot load on this machine: " + e.getClass().getSimpleName()
                        + ": " + e.getMessage()).put("unavailable", Protocol.HELLO.equals(op)));
            } catch (Exception e) {
                e.printStackTrace();
                main.send(Protocol.error(op, e.getClass().getSimpleName() + ": " + e.getMessage()));
            }
            if (Protocol.EXIT.equals(op)) {
                return;
            }
        }
    }

    private ObjectNode serve(String op, JsonNode request) throws Exception {
        if (Protocol.HELLO.equals(op)) {
            engineId = request.path("engine").asText();
            Engine engine = Engines.of(engineId).newEngine(Setting.of(request.path("setting").asText(
                    Setting.DEFAULT.id())));
            double slowdown = request.path("slowdown").asDouble(0);
            if (slowdown > 0) {
                engine = new SlowedEngine(engine, slowdown);
            }
            phases = new PhaseLoops(engineId, engine);
            checks = new StoreChecks(engine);
            ObjectNode result = Protocol.result(op).put("engine", engineId).put("pid", ProcessHandle.current().pid())
                    .put("runtime", "Java " + System.getProperty("java.version") + " ("
                            + System.getProperty("java.vm.name") + ")");
            ObjectNode info = result.putObject("info");
            for (Map.Entry<String, String> e : engine.describe().entrySet()) {
                info.put(e.getKey(), e.getValue());
            }
            long[] timer = Environment.nanoTimeOverhead(1_000_000);
            result.putObject("timer").put("source", "System.nanoTime").put("backToBackMedianNs", timer[0])
                    .put("backToBackMinNs", timer[1]).put("backToBackP99Ns", timer[2]);
            result.set("limits", Protocol.JSON.valueToTree(ProcResources.limits()));
            return result;
        }
        if (Protocol.EXIT.equals(op)) {
            return Protocol.result(op);
        }
        if (phases == null) {
            throw new IllegalStateException("'" + op + "' before 'hello': no engine loaded");
        }
        Path root = Path.of(request.path("root").asText());
        Workload workload = Workload.of(request.path("workload").asText());
        switch (op) {
            case Protocol.CREATE: {
                int[] stores = Protocol.toInts(request.get("stores"), "stores");
                PhaseLoops.CreateSamples s = phases.create(root, workload, stores, progress(op, stores.length));
                ObjectNode result = Protocol.result(op).put("startMs", s.startMs).put("wallNs", s.wallNs);
                result.putObject("samples").set("create", Protocol.longs(s.create));
                return result;
            }
            case Protocol.CREATEPROFILE: {
                int[] stores = Protocol.toInts(request.get("stores"), "stores");
                CreateProfileLoop.CreateProfileSamples s = phases.createProfile(root, workload, stores, progress(op, stores.length));
                ObjectNode result = Protocol.result(op).put("wallNs", s.wallNs);
                ObjectNode samples = result.putObject("samples");
                samples.set("open", Protocol.longs(s.open));
                samples.set("build", Protocol.longs(s.build));
                samples.set("put", Protocol.longs(s.put));
                samples.set("close", Protocol.longs(s.close));
                samples.set("total", Protocol.longs(s.total));
                return result;
            }
            case Protocol.VISITS: {
                int[] order = Protocol.toInts(request.get("order"), "order");
                Query query = Query.of(request.path("query").asText(Query.COUNT.id));
                boolean settle = request.path("settle").asBoolean(false);
                PhaseLoops.VisitSamples s = phases.visits(root, workload, order, query,
                        request.path("yard").asBoolean(false), settle, progress(op, order.length));
                ObjectNode result = Protocol.result(op).put("startMs", s.startMs).put("wallNs", s.wallNs)
                        .put("compileMs", s.compileMs).put("readBytes", s.readBytes);
                if (settle) {
                    result.put("settleMs", s.settleMs).put("settled", s.settled);
                }
                ObjectNode samples = result.putObject("samples");
                samples.set("open", Protocol.longs(s.open));
                samples.set(query.id, Protocol.longs(s.asked));
                samples.set("close", Protocol.longs(s.close));
                samples.set(query.total, Protocol.longs(s.total));
                if (s.yard.length > 0) {
                    samples.set("yard", Protocol.longs(s.yard));
                }
                return result;
            }
            case Protocol.HOLD: {
                int[] stores = Protocol.toInts(request.get("stores"), "stores");
                long wall0 = System.nanoTime();
                Map<String, Long>[] before = holder();
                Map<String, Long>[] after = holder();
                // both readings once the process' memory has settled: stores just opened may still allocate
                phases.hold(root, workload, stores, () -> before[0] = settled(), () -> after[0] = settled());
                ObjectNode result = Protocol.result(op).put("opened", stores.length)
                        .put("wallNs", System.nanoTime() - wall0);
                result.set("before", Protocol.JSON.valueToTree(before[0]));
                result.set("after", Protocol.JSON.valueToTree(after[0]));
                return result;
            }
            case Protocol.CAPACITY: {
                int max = request.path("max").asInt(0);
                if (max < 1) {
                    throw new IllegalArgumentException("capacity needs \"max\": the most stores to hold open, >= 1");
                }
                CapacityLoop.CapacitySamples s = phases.capacity(root, workload, max, request.path("every").asInt(1000),
                        request.path("warmOpens").asInt(0), request.path("memoryMarginKb").asLong(0),
                        request.path("diskMarginBytes").asLong(0), progress(op, max));
                ObjectNode result = Protocol.result(op).put("opened", s.opened).put("stop", s.stop)
                        .put("wallNs", s.wallNs);
                if (s.message != null) {
                    result.put("during", s.during).put("store", s.store).put("message", s.message);
                }
                result.set("points", Protocol.JSON.valueToTree(s.points));
                result.set("limits", Protocol.JSON.valueToTree(s.limits));
                return result;
            }
            case Protocol.CONCURRENT: {
                JsonNode sharesNode = request.get("shares");
                if (sharesNode == null || !sharesNode.isArray() || sharesNode.size() == 0) {
                    throw new IllegalArgumentException("concurrent needs \"shares\": one array of stores per worker");
                }
                int[][] shares = new int[sharesNode.size()][];
                int total = 0;
                for (int k = 0; k < shares.length; k++) {
                    shares[k] = Protocol.toInts(sharesNode.get(k), "shares[" + k + "]");
                    total += shares[k].length;
                }
                long startAtMs = request.path("startAtMs").asLong(0);
                PhaseLoops.WorkerSamples[] w = phases.concurrent(root, workload, shares, startAtMs,
                        synchronizedProgress(op, total));
                ObjectNode result = Protocol.result(op);
                ArrayNode workers = result.putArray("workers");
                long first = Long.MAX_VALUE;
                long last = Long.MIN_VALUE;
                for (PhaseLoops.WorkerSamples s : w) {
                    ObjectNode worker = workers.addObject().put("startUs", s.startUs).put("endUs", s.endUs);
                    worker.set("oqc", Protocol.longs(s.visits.total));
                    first = Math.min(first, s.startUs);
                    last = Math.max(last, s.endUs);
                }
                return result.put("wallNs", (last - first) * 1000);
            }
            case Protocol.LAYOUT: {
                int store = request.path("store").asInt(-1);
                ObjectNode result = Protocol.result(op).put("store", store);
                result.set("layout", Protocol.JSON.valueToTree(checks.layout(root, store)));
                return result;
            }
            case Protocol.NOTES: {
                int store = request.path("store").asInt(-1);
                int[] js = Protocol.toInts(request.get("js"), "js");
                ArrayNode notes = Protocol.JSON.createArrayNode();
                List<Note> read = checks.notes(root, store, js);
                for (int k = 0; k < js.length; k++) {
                    notes.addObject().put("j", js[k]).put("id", read.get(k).id).put("text", read.get(k).text)
                            .put("ts", read.get(k).ts);
                }
                return (ObjectNode) Protocol.result(op).put("store", store).set("notes", notes);
            }
            case Protocol.CHECK: {
                int[] stores = Protocol.toInts(request.get("stores"), "stores");
                return (ObjectNode) Protocol.result(op).set("valid", Protocol.ints(checks.check(root, workload, stores)));
            }
            default:
                throw new IllegalArgumentException("unknown op '" + op + "'; valid ops: hello, create, createprofile,"
                        + " visits, hold, capacity, concurrent, check, layout, notes, exit");
        }
    }

    /** A trial process must not outlive the suite: exits once its parent is gone, even in the middle of a phase. */
    private static void exitWhenOrphaned() {
        java.util.Optional<ProcessHandle> parent = ProcessHandle.current().parent();
        Thread watchdog = new Thread(() -> {
            while (true) {
                try {
                    Thread.sleep(1000);
                } catch (InterruptedException e) {
                    return;
                }
                // re-parented: the suite is gone. Reading the parent takes a descriptor; where none is left (the
                // capacity phase holds them all) the lookup fails, which says nothing about the parent
                java.util.Optional<ProcessHandle> now = ProcessHandle.current().parent();
                if (parent.isEmpty() || now.isPresent() && now.get().pid() != parent.get().pid()) {
                    System.err.println("trial process: the suite (parent process) is gone; exiting");
                    Runtime.getRuntime().halt(3);
                }
            }
        }, "orphan-watchdog");
        watchdog.setDaemon(true);
        watchdog.start();
    }

    private static Map<String, Long> settled() {
        try {
            return ProcMemory.settledSnapshot();
        } catch (java.io.IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }

    @SuppressWarnings("unchecked")
    private static Map<String, Long>[] holder() {
        return new Map[1];
    }

    /** The same, for workers on several threads. */
    private IntConsumer synchronizedProgress(String op, int total) {
        IntConsumer progress = progress(op, total);
        return done -> {
            synchronized (this) {
                progress.accept(done);
            }
        };
    }

    /** Sends a progress line at most every 2 s, between stores only. */
    private IntConsumer progress(String op, int total) {
        long[] last = {System.nanoTime()};
        return done -> {
            long now = System.nanoTime();
            if (now - last[0] >= PROGRESS_EVERY_NS && done < total) {
                last[0] = now;
                send(Protocol.progress(op, done, total));
            }
        };
    }

    private void send(ObjectNode line) {
        out.println(Protocol.encode(line));
        out.flush();
    }
}
