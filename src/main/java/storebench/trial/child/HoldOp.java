package storebench.trial.child;

import storebench.measure.ProcMemory;
import storebench.trial.Protocol;
import storebench.trial.answer.HoldAnswer;

import com.fasterxml.jackson.databind.node.ObjectNode;

import java.io.IOException;
import java.io.UncheckedIOException;

/** {@code hold}: the memory phase's M stores held open, memory read before and after (PhaseLoops.hold). */
final class HoldOp implements ChildOp {
    @Override
    public String name() {
        return HoldAnswer.OP;
    }

    @Override
    public ObjectNode serve(Request r) throws Exception {
        int[] stores = r.ints("stores");
        long wall0 = System.nanoTime();
        ProcMemory.Settled[] before = new ProcMemory.Settled[1];
        ProcMemory.Settled[] after = new ProcMemory.Settled[1];
        // both readings once the process' memory has settled: stores just opened may still allocate
        r.phases().hold(r.root(), r.workload(), stores, () -> before[0] = settled(), () -> after[0] = settled());
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
}
