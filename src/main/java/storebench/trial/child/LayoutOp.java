package storebench.trial.child;

import storebench.trial.Protocol;
import storebench.trial.answer.LayoutAnswer;

import com.fasterxml.jackson.databind.node.ObjectNode;

/** {@code layout}: how one store lies on disk, as the engine tells it (StoreChecks.layout). */
final class LayoutOp implements ChildOp {
    @Override
    public String name() {
        return LayoutAnswer.OP;
    }

    @Override
    public ObjectNode serve(Request r) throws Exception {
        int store = r.json().path("store").asInt(-1);
        ObjectNode result = r.result().put("store", store);
        result.set("layout", Protocol.JSON.valueToTree(r.checks().layout(r.root(), store)));
        return result;
    }
}
