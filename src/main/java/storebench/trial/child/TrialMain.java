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
import storebench.trial.child.traffic.TrafficSamples;
import storebench.trial.answer.CapacityAnswer;
import storebench.trial.answer.CheckAnswer;
import storebench.trial.answer.ConcurrentAnswer;
import storebench.trial.answer.CreateAnswer;
import storebench.trial.answer.HoldAnswer;
import storebench.trial.answer.LayoutAnswer;
import storebench.trial.answer.NotesAnswer;
import storebench.trial.answer.TrafficAnswer;
import storebench.trial.answer.VisitsAnswer;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;

import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.IntConsumer;

/**
 * The child JVM's main: serves one engine over the trial protocol (docs/protocol.md) on stdin/stdout. Like
 * a JMH fork, it holds one engine under one setting for its whole life.
 */
public final class TrialMain {
    private static final long PROGRESS_EVERY_NS = 2_000_000_000L;

    /** One request to a loaded engine: its op, the root and workload of its stores, and the request itself. */
    private record Request(String op, Path root, Workload workload, JsonNode json) {
        int[] ints(String field) {
            return Protocol.toInts(json.get(field), field);
        }
    }

    /** What the trial process does for one op on a loaded engine's stores. */
    @FunctionalInterface
    private interface Handler {
        ObjectNode serve(Request request) throws Exception;
    }

    private final PrintStream out;
    /** Every op but hello and exit, by name, in the order the Node worker lists its ops (worker.js, OPS). */
    private final Map<String, Handler> storeOps = new LinkedHashMap<>();
    private PhaseLoops phases;
    private TrafficLoop traffic;
    private StoreChecks checks;

    private TrialMain(PrintStream out) {
        this.out = out;
        storeOps.put(CreateAnswer.OP, this::create);
        storeOps.put(CreateAnswer.PROFILE_OP, this::createProfile);
        storeOps.put(VisitsAnswer.OP, this::visits);
        storeOps.put(HoldAnswer.OP, this::hold);
        storeOps.put(CapacityAnswer.OP, this::capacity);
        storeOps.put(ConcurrentAnswer.OP, this::concurrent);
        storeOps.put(TrafficAnswer.OP, this::traffic);
        storeOps.put(CheckAnswer.OP, this::check);
        storeOps.put(LayoutAnswer.OP, this::layout);
        storeOps.put(NotesAnswer.OP, this::notes);
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

    /**
     * Answers one request: hello loads the engine, exit ends the process, and every other op works on the stores of
     * the request's root and workload through its handler ({@link #storeOps}).
     */
    private ObjectNode serve(String op, JsonNode request) throws Exception {
        if (Protocol.HELLO.equals(op)) {
            return hello(request);
        }
        if (Protocol.EXIT.equals(op)) {
            return Protocol.result(op);
        }
        Handler handler = storeOps.get(op);
        if (handler == null) {
            throw new IllegalArgumentException("unknown op '" + op + "'; valid ops: " + Protocol.HELLO + ", "
                    + String.join(", ", storeOps.keySet()) + ", " + Protocol.EXIT);
        }
        if (phases == null) {
            throw new IllegalStateException("'" + op + "' before 'hello': no engine loaded");
        }
        Path root = Path.of(request.path("root").asText());
        Workload workload = Workload.of(request.path("workload").asText());
        return handler.serve(new Request(op, root, workload, request));
    }

    private ObjectNode hello(JsonNode request) throws Exception {
        String engineId = request.path("engine").asText();
        Engine engine = Engines.of(engineId).newEngine(Setting.of(request.path("setting").asText(
                Setting.DEFAULT.id())));
        double slowdown = request.path("slowdown").asDouble(0);
        if (slowdown > 0) {
            engine = new SlowedEngine(engine, slowdown);
        }
        phases = new PhaseLoops(engineId, engine);
        checks = new StoreChecks(engine);
        traffic = new TrafficLoop(engineId, engine);
        ObjectNode result = Protocol.result(Protocol.HELLO).put("engine", engineId)
                .put("pid", ProcessHandle.current().pid())
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

    private ObjectNode create(Request r) throws Exception {
        int[] stores = r.ints("stores");
        PhaseLoops.CreateSamples s = phases.create(r.root, r.workload, stores, progress(r.op, stores.length));
        ObjectNode result = Protocol.result(r.op).put("startMs", s.startMs).put("wallNs", s.wallNs);
        result.putObject("samples").set("create", Protocol.longs(s.create));
        return result;
    }

    private ObjectNode createProfile(Request r) throws Exception {
        int[] stores = r.ints("stores");
        CreateProfileLoop.CreateProfileSamples s = phases.createProfile(r.root, r.workload, stores,
                progress(r.op, stores.length));
        ObjectNode result = Protocol.result(r.op).put("wallNs", s.wallNs);
        ObjectNode samples = result.putObject("samples");
        samples.set("open", Protocol.longs(s.open));
        samples.set("build", Protocol.longs(s.build));
        samples.set("put", Protocol.longs(s.put));
        samples.set("close", Protocol.longs(s.close));
        samples.set("total", Protocol.longs(s.total));
        return result;
    }

    private ObjectNode visits(Request r) throws Exception {
        int[] order = r.ints("order");
        Query query = Query.of(r.json.path("query").asText(Query.COUNT.id));
        boolean settle = r.json.path("settle").asBoolean(false);
        PhaseLoops.VisitSamples s = phases.visits(r.root, r.workload, order, query,
                r.json.path("yard").asBoolean(false), settle, progress(r.op, order.length));
        ObjectNode result = Protocol.result(r.op).put("startMs", s.startMs).put("wallNs", s.wallNs)
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

    private ObjectNode hold(Request r) throws Exception {
        int[] stores = r.ints("stores");
        long wall0 = System.nanoTime();
        Map<String, Long>[] before = holder();
        Map<String, Long>[] after = holder();
        // both readings once the process' memory has settled: stores just opened may still allocate
        phases.hold(r.root, r.workload, stores, () -> before[0] = settled(), () -> after[0] = settled());
        ObjectNode result = Protocol.result(r.op).put("opened", stores.length)
                .put("wallNs", System.nanoTime() - wall0);
        result.set("before", Protocol.JSON.valueToTree(before[0]));
        result.set("after", Protocol.JSON.valueToTree(after[0]));
        return result;
    }

    private ObjectNode capacity(Request r) throws Exception {
        JsonNode q = r.json;
        int max = q.path("max").asInt(0);
        if (max < 1) {
            throw new IllegalArgumentException("capacity needs \"max\": the most stores to hold open, >= 1");
        }
        CapacityLoop.CapacitySamples s = phases.capacity(r.root, r.workload, max, q.path("every").asInt(1000),
                q.path("warmOpens").asInt(0), q.path("memoryMarginKb").asLong(0),
                q.path("diskMarginBytes").asLong(0), progress(r.op, max));
        ObjectNode result = Protocol.result(r.op).put("opened", s.opened).put("stop", s.stop)
                .put("wallNs", s.wallNs);
        if (s.message != null) {
            result.put("during", s.during).put("store", s.store).put("message", s.message);
        }
        result.set("points", Protocol.JSON.valueToTree(s.points));
        result.set("limits", Protocol.JSON.valueToTree(s.limits));
        return result;
    }

    private ObjectNode concurrent(Request r) throws Exception {
        int[][] shares = shares(r.json.get("shares"));
        int total = 0;
        for (int[] share : shares) {
            total += share.length;
        }
        long startAtMs = r.json.path("startAtMs").asLong(0);
        PhaseLoops.WorkerSamples[] w = phases.concurrent(r.root, r.workload, shares, startAtMs,
                synchronizedProgress(r.op, total));
        ObjectNode result = Protocol.result(r.op);
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

    /** One traffic run (TrafficLoop): the open loop's requests as a string of kind codes and their latencies. */
    private ObjectNode traffic(Request r) throws Exception {
        JsonNode q = r.json;
        TrafficLoop.Asked asked = new TrafficLoop.Asked(q.path("stores").asInt(0), q.path("open").asInt(0),
                q.path("readShare").asDouble(-1), q.path("seed").asLong(), q.path("closedMs").asLong(0),
                q.path("load").asDouble(0), q.path("seconds").asDouble(0), q.path("maxRequests").asInt(0),
                q.path("check").asBoolean(true));
        int[] step = {0};
        long wall0 = System.nanoTime();
        TrafficLoop.Ran ran = traffic.run(r.root, r.workload, asked, () -> send(Protocol.progress(r.op, ++step[0], 3)));
        TrafficSamples s = ran.open();
        ObjectNode result = Protocol.result(r.op).put("startMs", s.startMs).put("wallNs", System.nanoTime() - wall0)
                .put("loopWallNs", s.wallNs).put("askedPerS", s.askedPerS).put("reachedPerS", s.reachedPerS()).put("requests", s.served)
                .put("hits", ran.hits()).put("misses", ran.misses()).put("evictions", ran.evictions())
                .put("writes", ran.writes()).put("checked", ran.checked());
        result.putObject("closed").put("served", ran.closedServed()).put("wallNs", ran.closedWallNs())
                .put("perS", ran.closedPerS());
        char[] kinds = new char[s.served];
        for (int k = 0; k < kinds.length; k++) {
            kinds[k] = (char) ('0' + s.kinds[k]);
        }
        ObjectNode samples = result.putObject("samples").put("kinds", new String(kinds));
        samples.set("latency", Protocol.longs(java.util.Arrays.copyOf(s.latencyNs, s.served)));
        return result;
    }

    /** A concurrent request's stores, one array per worker. */
    private static int[][] shares(JsonNode sharesNode) {
        if (sharesNode == null || !sharesNode.isArray() || sharesNode.size() == 0) {
            throw new IllegalArgumentException("concurrent needs \"shares\": one array of stores per worker");
        }
        int[][] shares = new int[sharesNode.size()][];
        for (int k = 0; k < shares.length; k++) {
            shares[k] = Protocol.toInts(sharesNode.get(k), "shares[" + k + "]");
        }
        return shares;
    }

    private ObjectNode layout(Request r) throws Exception {
        int store = r.json.path("store").asInt(-1);
        ObjectNode result = Protocol.result(r.op).put("store", store);
        result.set("layout", Protocol.JSON.valueToTree(checks.layout(r.root, store)));
        return result;
    }

    private ObjectNode notes(Request r) throws Exception {
        int store = r.json.path("store").asInt(-1);
        int[] js = r.ints("js");
        ArrayNode notes = Protocol.JSON.createArrayNode();
        List<Note> read = checks.notes(r.root, store, js);
        for (int k = 0; k < js.length; k++) {
            notes.addObject().put("j", js[k]).put("id", read.get(k).id).put("text", read.get(k).text)
                    .put("ts", read.get(k).ts);
        }
        return (ObjectNode) Protocol.result(r.op).put("store", store).set("notes", notes);
    }

    private ObjectNode check(Request r) throws Exception {
        int[] stores = r.ints("stores");
        return (ObjectNode) Protocol.result(r.op).set("valid", Protocol.ints(checks.check(r.root, r.workload, stores)));
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
