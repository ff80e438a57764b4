package storebench.trial.child;

import storebench.trial.Protocol;
import storebench.trial.answer.TrafficAnswer;
import storebench.trial.child.traffic.TrafficSamples;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;

import java.util.Arrays;

/** {@code traffic}: one traffic run (TrafficLoop), the open loop's requests as a string of kind codes and latencies. */
final class TrafficOp implements ChildOp {
    @Override
    public String name() {
        return TrafficAnswer.OP;
    }

    @Override
    public ObjectNode serve(Request r) throws Exception {
        JsonNode q = r.json();
        TrafficLoop.Asked asked = new TrafficLoop.Asked(q.path("stores").asInt(0), q.path("open").asInt(0),
                q.path("readShare").asDouble(-1), q.path("seed").asLong(), q.path("closedMs").asLong(0),
                q.path("load").asDouble(0), q.path("seconds").asDouble(0), q.path("maxRequests").asInt(0),
                q.path("check").asBoolean(true));
        int[] step = {0};
        long wall0 = System.nanoTime();
        TrafficLoop.Ran ran = new TrafficLoop(r.loaded().engineId(), r.loaded().engine()).run(r.root(), r.workload(),
                asked, () -> r.send(Protocol.progress(r.op(), ++step[0], 3)));
        TrafficSamples s = ran.open();
        ObjectNode result = r.result().put("startMs", s.startMs).put("wallNs", System.nanoTime() - wall0)
                .put("loopWallNs", s.wallNs).put("askedPerS", s.askedPerS).put("reachedPerS", s.reachedPerS())
                .put("requests", s.served).put("hits", ran.hits()).put("misses", ran.misses())
                .put("evictions", ran.evictions()).put("writes", ran.writes()).put("checked", ran.checked());
        result.putObject("closed").put("served", ran.closedServed()).put("wallNs", ran.closedWallNs())
                .put("perS", ran.closedPerS());
        char[] kinds = new char[s.served];
        for (int k = 0; k < kinds.length; k++) {
            kinds[k] = (char) ('0' + s.kinds[k]);
        }
        ObjectNode samples = result.putObject("samples").put("kinds", new String(kinds));
        samples.set("latency", Protocol.longs(Arrays.copyOf(s.latencyNs, s.served)));
        return result;
    }
}
