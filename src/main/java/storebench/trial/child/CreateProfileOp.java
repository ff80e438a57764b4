package storebench.trial.child;

import storebench.trial.Protocol;
import storebench.trial.answer.CreateAnswer;

import com.fasterxml.jackson.databind.node.ObjectNode;

/** {@code createprofile}: the stores made with each step of a create timed on its own (CreateProfileLoop). */
final class CreateProfileOp implements ChildOp {
    @Override
    public String name() {
        return CreateAnswer.PROFILE_OP;
    }

    @Override
    public ObjectNode serve(Request r) throws Exception {
        int[] stores = r.ints("stores");
        CreateProfileLoop.CreateProfileSamples s = r.phases().createProfile(r.root(), r.workload(), stores,
                r.progress(stores.length));
        ObjectNode result = r.result().put("wallNs", s.wallNs);
        ObjectNode samples = result.putObject("samples");
        samples.set("open", Protocol.longs(s.open));
        samples.set("build", Protocol.longs(s.build));
        samples.set("put", Protocol.longs(s.put));
        samples.set("close", Protocol.longs(s.close));
        samples.set("total", Protocol.longs(s.total));
        return result;
    }
}
