package storebench.trial.child;

import storebench.engine.Note;
import storebench.measure.ProcMemory;
import storebench.trial.CapacityRequest;
import storebench.trial.Protocol;
import storebench.trial.Query;
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

import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.Arrays;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

/**
 * The JVM trial process' ops but the protocol's own (hello, exit), one method each (the traffic op's is its own class,
 * TrafficOp): the one list of them, in the order docs/protocol.md lists them, which the error for an unknown op
 * repeats. Each reads its request, runs its loop, writes its result line. The Node worker's ops are the files of
 * src/main/node/lib/ops; ChildOpsTest holds both runtimes and protocol.md to the same ops.
 */
final class ChildOps {
    static final List<ChildOp> ALL = List.of(new ChildOp(CreateAnswer.OP, ChildOps::create),
            new ChildOp(CreateAnswer.PROFILE_OP, ChildOps::createProfile),
            new ChildOp(VisitsAnswer.OP, ChildOps::visits), new ChildOp(HoldAnswer.OP, ChildOps::hold), new ChildOp(CapacityAnswer.OP, ChildOps::capacity),
            new ChildOp(ConcurrentAnswer.OP, ChildOps::concurrent), new ChildOp(TrafficAnswer.OP, TrafficOp::serve),
            new ChildOp(CheckAnswer.OP, ChildOps::check), new ChildOp(LayoutAnswer.OP, ChildOps::layout),
            new ChildOp(NotesAnswer.OP, ChildOps::notes));

    private ChildOps() {
    }

    /** The ops by name, in {@link #ALL}'s order. */
    static Map<String, ChildOp> byName() {
        return Collections.unmodifiableMap(ALL.stream().collect(Collectors.toMap(ChildOp::name, op -> op, (a, b) -> {
            throw new IllegalStateException("two ops named '" + a.name() + "' in ChildOps.ALL");
        }, LinkedHashMap::new)));
    }

    /** {@code create}: the stores made in request order, each timed (PhaseLoops.create). */
    static ObjectNode create(Request r) throws Exception {
        int[] stores = r.ints("stores");
        PhaseLoops.CreateSamples s = r.loaded().phases().create(r.root(), r.workload(), stores,
                r.progress(stores.length));
        ObjectNode result = r.result().put("startMs", s.startMs).put("wallNs", s.wallNs);
        result.putObject("samples").set("create", Protocol.JSON.valueToTree(s.create));
        return result;
    }

    /** {@code createprofile}: the stores made with each step of a create timed on its own (PhaseLoops.createProfile). */
    static ObjectNode createProfile(Request r) throws Exception {
        int[] stores = r.ints("stores");
        PhaseLoops.CreateProfileSamples s = r.loaded().phases().createProfile(r.root(), r.workload(), stores,
                r.progress(stores.length));
        ObjectNode result = r.result().put("wallNs", s.wallNs);
        ObjectNode samples = result.putObject("samples");
        samples.set("open", Protocol.JSON.valueToTree(s.open));
        samples.set("build", Protocol.JSON.valueToTree(s.build));
        samples.set("put", Protocol.JSON.valueToTree(s.put));
        samples.set("close", Protocol.JSON.valueToTree(s.close));
        samples.set("total", Protocol.JSON.valueToTree(s.total));
        return result;
    }

    /** {@code visits}: the one visit loop (PhaseLoops.visits), its samples in visiting order. */
    static ObjectNode visits(Request r) throws Exception {
        int[] order = r.ints("order");
        Query query = Query.of(r.json().path("query").asText(Query.COUNT.id));
        boolean settle = r.json().path("settle").asBoolean(false);
        PhaseLoops.VisitSamples s = r.loaded().phases().visits(r.root(), r.workload(), order, query,
                r.json().path("yard").asBoolean(false), settle, r.progress(order.length));
        ObjectNode result = r.result().put("startMs", s.startMs).put("wallNs", s.wallNs)
                .put("compileMs", s.compileMs).put("readBytes", s.readBytes);
        s.counters.ifPresent(c -> c.into(result.putObject("counters")));
        if (settle) {
            result.put("settleMs", s.settleMs).put("settled", s.settled);
        }
        ObjectNode samples = result.putObject("samples");
        samples.set("open", Protocol.JSON.valueToTree(s.open));
        samples.set(query.id, Protocol.JSON.valueToTree(s.asked));
        samples.set("close", Protocol.JSON.valueToTree(s.close));
        samples.set(query.total, Protocol.JSON.valueToTree(s.total));
        if (s.yard.length > 0) {
            samples.set("yard", Protocol.JSON.valueToTree(s.yard));
        }
        return result;
    }

    /** {@code hold}: the memory phase's M stores held open, memory read before and after (PhaseLoops.hold). */
    static ObjectNode hold(Request r) throws Exception {
        int[] stores = r.ints("stores");
        long wall0 = System.nanoTime();
        ProcMemory.Settled[] before = new ProcMemory.Settled[1];
        ProcMemory.Settled[] after = new ProcMemory.Settled[1];
        // both readings once the process' memory has settled: stores just opened may still allocate
        r.loaded().phases().hold(r.root(), r.workload(), stores, () -> before[0] = settled(),
                () -> after[0] = settled());
        ObjectNode result = r.result().put("opened", stores.length).put("wallNs", System.nanoTime() - wall0);
        result.set("before", Protocol.JSON.valueToTree(before[0]));
        result.set("after", Protocol.JSON.valueToTree(after[0]));
        return result;
    }

    private static ProcMemory.Settled settled() {
        try {
            return ProcMemory.settledSnapshot();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** {@code capacity}: stores opened and kept open until the first failure or {@code max} (CapacityLoop). */
    static ObjectNode capacity(Request r) throws Exception {
        CapacityRequest asked = Protocol.JSON.treeToValue(r.json(), CapacityRequest.class);
        if (asked.max() < 1) {
            throw new IllegalArgumentException("capacity needs \"max\": the most stores to hold open, >= 1");
        }
        CapacityLoop.CapacitySamples s = r.loaded().phases().capacity(r.root(), r.workload(), asked,
                r.progress(asked.max()));
        ObjectNode result = r.result().put("opened", s.opened).put("stop", s.stop).put("wallNs", s.wallNs);
        if (s.message != null) {
            result.put("during", s.during).put("store", s.store).put("message", s.message);
        }
        result.set("points", Protocol.JSON.valueToTree(s.points));
        result.set("limits", Protocol.JSON.valueToTree(s.limits));
        return result;
    }

    /** {@code concurrent}: a worker thread per share, each visiting its stores from one start (PhaseLoops.concurrent). */
    static ObjectNode concurrent(Request r) throws Exception {
        int[][] shares = shares(r.json().get("shares"));
        int total = Arrays.stream(shares).mapToInt(share -> share.length).sum();
        long startAtMs = r.json().path("startAtMs").asLong(0);
        PhaseLoops.WorkerSamples[] w = r.loaded().phases().concurrent(r.root(), r.workload(), shares, startAtMs,
                r.synchronizedProgress(total));
        ObjectNode result = r.result();
        ArrayNode workers = result.putArray("workers");
        long first = Long.MAX_VALUE;
        long last = Long.MIN_VALUE;
        for (PhaseLoops.WorkerSamples s : w) {
            ObjectNode worker = workers.addObject().put("startUs", s.startUs).put("endUs", s.endUs);
            worker.set("oqc", Protocol.JSON.valueToTree(s.visits.total));
            s.visits.counters.ifPresent(c -> c.into(worker.putObject("counters")));
            first = Math.min(first, s.startUs);
            last = Math.max(last, s.endUs);
        }
        return result.put("wallNs", (last - first) * 1000);
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

    /** {@code check}: the stores that exist, open and count W (StoreChecks.check), for bench.reuse. */
    static ObjectNode check(Request r) throws Exception {
        int[] stores = r.ints("stores");
        return (ObjectNode) r.result().set("valid", Protocol.JSON.valueToTree(r.loaded().checks().check(r.root(),
                r.workload(), stores)));
    }

    /** {@code layout}: how one store lies on disk, as the engine tells it (StoreChecks.layout). */
    static ObjectNode layout(Request r) throws Exception {
        int store = r.json().path("store").asInt(-1);
        ObjectNode result = r.result().put("store", store);
        result.set("layout", Protocol.JSON.valueToTree(r.loaded().checks().layout(r.root(), store)));
        return result;
    }

    /** {@code notes}: notes j of one store as the engine reads them back (StoreChecks.notes), for the tests. */
    static ObjectNode notes(Request r) throws Exception {
        int store = r.json().path("store").asInt(-1);
        int[] js = r.ints("js");
        ArrayNode notes = Protocol.JSON.createArrayNode();
        List<Note> read = r.loaded().checks().notes(r.root(), store, js);
        for (int k = 0; k < js.length; k++) {
            notes.addObject().put("j", js[k]).put("id", read.get(k).id).put("text", read.get(k).text)
                    .put("ts", read.get(k).ts);
        }
        return (ObjectNode) r.result().put("store", store).set("notes", notes);
    }
}
