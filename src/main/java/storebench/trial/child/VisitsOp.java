package storebench.trial.child;

import storebench.trial.Protocol;
import storebench.trial.Query;
import storebench.trial.answer.VisitsAnswer;

import com.fasterxml.jackson.databind.node.ObjectNode;

/** {@code visits}: the one visit loop (PhaseLoops.visits), its samples in visiting order. */
final class VisitsOp implements ChildOp {
    @Override
    public String name() {
        return VisitsAnswer.OP;
    }

    @Override
    public ObjectNode serve(Request r) throws Exception {
        int[] order = r.ints("order");
        Query query = Query.of(r.json().path("query").asText(Query.COUNT.id));
        boolean settle = r.json().path("settle").asBoolean(false);
        PhaseLoops.VisitSamples s = r.phases().visits(r.root(), r.workload(), order, query,
                r.json().path("yard").asBoolean(false), settle, r.progress(order.length));
        ObjectNode result = r.result().put("startMs", s.startMs).put("wallNs", s.wallNs)
                .put("compileMs", s.compileMs).put("readBytes", s.readBytes);
        s.counters.ifPresent(c -> c.into(result.putObject("counters")));
        if (settle) {
            result.put("settleMs", s.settleMs).put("settled", s.settled);
        }
        ObjectNode samples = result.putObject("samples");
        samples.set("open", Protocol.longs(s.open));
        samples.set(query.id, Protocol.longs(s.asked));
        samples.set("close", Protocol.longs(s.close));
        samples.set(query.total, Protocol.longs(s.total));
        if (s.yard.length > 0) {
            samples.set("yard", Protocol.longs(s.yard));
        }
        return result;
    }
}
