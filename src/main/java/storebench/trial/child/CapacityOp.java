package storebench.trial.child;

import storebench.trial.CapacityRequest;
import storebench.trial.Protocol;
import storebench.trial.answer.CapacityAnswer;

import com.fasterxml.jackson.databind.node.ObjectNode;

/** {@code capacity}: stores opened and kept open until the first failure or {@code max} (CapacityLoop). */
final class CapacityOp implements ChildOp {
    @Override
    public String name() {
        return CapacityAnswer.OP;
    }

    @Override
    public ObjectNode serve(Request r) throws Exception {
        CapacityRequest asked = Protocol.JSON.treeToValue(r.json(), CapacityRequest.class);
        if (asked.max() < 1) {
            throw new IllegalArgumentException("capacity needs \"max\": the most stores to hold open, >= 1");
        }
        CapacityLoop.CapacitySamples s = r.phases().capacity(r.root(), r.workload(), asked, r.progress(asked.max()));
        ObjectNode result = r.result().put("opened", s.opened).put("stop", s.stop).put("wallNs", s.wallNs);
        if (s.message != null) {
            result.put("during", s.during).put("store", s.store).put("message", s.message);
        }
        result.set("points", Protocol.JSON.valueToTree(s.points));
        result.set("limits", Protocol.JSON.valueToTree(s.limits));
        return result;
    }
}
