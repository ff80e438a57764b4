package storebench.trial.child;

import storebench.trial.Protocol;
import storebench.trial.answer.CapacityAnswer;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;

/** {@code capacity}: stores opened and kept open until the first failure or {@code max} (CapacityLoop). */
final class CapacityOp implements ChildOp {
    @Override
    public String name() {
        return CapacityAnswer.OP;
    }

    @Override
    public ObjectNode serve(Request r) throws Exception {
        JsonNode q = r.json();
        int max = q.path("max").asInt(0);
        if (max < 1) {
            throw new IllegalArgumentException("capacity needs \"max\": the most stores to hold open, >= 1");
        }
        CapacityLoop.Asked asked = new CapacityLoop.Asked(max, q.path("every").asInt(1000), q.path("warmOpens").asInt(0),
                q.path("memoryMarginKb").asLong(0), q.path("diskMarginBytes").asLong(0));
        CapacityLoop.CapacitySamples s = r.phases().capacity(r.root(), r.workload(), asked, r.progress(max));
        ObjectNode result = r.result().put("opened", s.opened).put("stop", s.stop).put("wallNs", s.wallNs);
        if (s.message != null) {
            result.put("during", s.during).put("store", s.store).put("message", s.message);
        }
        result.set("points", Protocol.JSON.valueToTree(s.points));
        result.set("limits", Protocol.JSON.valueToTree(s.limits));
        return result;
    }
}
