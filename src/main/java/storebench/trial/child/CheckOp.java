package storebench.trial.child;

import storebench.trial.Protocol;
import storebench.trial.answer.CheckAnswer;

import com.fasterxml.jackson.databind.node.ObjectNode;

/** {@code check}: the stores that exist, open and count W (StoreChecks.check), for bench.reuse. */
final class CheckOp implements ChildOp {
    @Override
    public String name() {
        return CheckAnswer.OP;
    }

    @Override
    public ObjectNode serve(Request r) throws Exception {
        int[] stores = r.ints("stores");
        return (ObjectNode) r.result().set("valid", Protocol.ints(r.checks().check(r.root(), r.workload(), stores)));
    }
}
