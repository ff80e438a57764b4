package storebench.trial.child;

import storebench.measure.TrafficHistograms;
import storebench.trial.Protocol;
import storebench.trial.child.traffic.GcPauses;
import storebench.trial.child.traffic.TrafficSamples;
import storebench.trial.traffic.TrafficDraws;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;

import java.lang.management.GarbageCollectorMXBean;
import java.lang.management.ManagementFactory;
import java.util.stream.Collectors;

/**
 * {@code traffic}: one traffic run (TrafficLoop) over the parent's schedules; the open loop's latencies and service
 * times as histograms by request kind, so the answer's size does not grow with its requests.
 */
final class TrafficOp {
    private TrafficOp() {
    }

    static ObjectNode serve(Request r) throws Exception {
        JsonNode q = r.json();
        TrafficLoop.DrawnRequest asked = new TrafficLoop.DrawnRequest(q.path("stores").asInt(0),
                q.path("open").asInt(0),
                new TrafficLoop.ClosedStep(TrafficDraws.decode(q.path("closedSchedule").asText("")),
                        q.path("closedMs").asLong(0)),
                new TrafficLoop.Arrivals(TrafficDraws.decode(q.path("schedule").asText("")), q.path("load").asDouble(0),
                        q.path("seconds").asDouble(0), q.path("leastRequests").asInt(0)),
                q.path("check").asBoolean(true));
        int[] step = {0};
        long wall0 = System.nanoTime();
        TrafficLoop.Outcome ran = new TrafficLoop(r.loaded().engineId(), r.loaded().engine()).run(r.root(),
                r.workload(), asked, () -> r.send(Protocol.progress(r.op(), ++step[0], 3)));
        TrafficSamples s = ran.open();
        ObjectNode result = r.result().put("startMs", s.startMs).put("wallNs", System.nanoTime() - wall0)
                .put("loopWallNs", s.wallNs).put("busyNs", s.busyNs).put("utilization", s.utilization())
                .put("askedPerS", s.askedPerS)
                .put("reachedPerS", s.reachedPerS()).put("requests", s.served).put("hits", ran.cache().hits())
                .put("misses", ran.cache().misses()).put("evictions", ran.cache().evictions())
                .put("writes", ran.writes()).put("checked", ran.checked());
        result.set("closed", Protocol.JSON.valueToTree(ran.closed()));
        ObjectNode histograms = result.putObject("histograms");
        histograms.set("latency", Protocol.JSON.valueToTree(s.latency.encode()));
        histograms.set("service", Protocol.JSON.valueToTree(s.service.encode()));
        histograms.put("wakeLateness", TrafficHistograms.encode(s.wakeLateness));
        histograms.set("untouched", Protocol.JSON.valueToTree(ran.marked().untouched().encode()));
        histograms.set("clearOfWrites", Protocol.JSON.valueToTree(ran.marked().clearOfWrites().encode()));
        TrafficLoop.JvmWork w = ran.work();
        ObjectNode runtime = result.putObject("runtime").put("gcMs", w.gcMs()).put("gcCount", w.gcCount())
                .put("jitMs", w.jitMs()).put("collector", ManagementFactory.getGarbageCollectorMXBeans().stream()
                        .map(GarbageCollectorMXBean::getName).collect(Collectors.joining(", ")))
                .put("touched", ran.marked().touched())
                .put("heapMaxMb", Runtime.getRuntime().maxMemory() >> 20)
                .put("allocatedBytes", w.allocatedBytes()).put("survivedBytes", w.survivedBytes());
        ArrayNode starts = runtime.putObject("pauses").putArray("startMs");
        ArrayNode lengths = ((ObjectNode) runtime.get("pauses")).putArray("durationMs");
        for (GcPauses.Pause p : ran.marked().pauses()) {
            starts.add(p.startMs());
            lengths.add(p.durationMs());
        }
        ran.counters().ifPresent(c -> c.into(result.putObject("counters")));
        return result;
    }
}
