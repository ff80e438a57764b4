package storebench.trial.child;

import storebench.trial.Protocol;
import storebench.trial.answer.CreateAnswer;

import com.fasterxml.jackson.databind.node.ObjectNode;

/** {@code create}: the stores made in request order, each timed (PhaseLoops.create). */
final class CreateOp implements ChildOp {
    @Override
    public String name() {
        return CreateAnswer.OP;
    }

    @Override
    public ObjectNode serve(Request r) throws Exception {
        int[] stores = r.ints("stores");
        PhaseLoops.CreateSamples s = r.phases().create(r.root(), r.workload(), stores, r.progress(stores.length));
        ObjectNode result = r.result().put("startMs", s.startMs).put("wallNs", s.wallNs);
        result.putObject("samples").set("create", Protocol.longs(s.create));
        return result;
    }
}
