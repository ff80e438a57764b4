package storebench.trial.child;

import storebench.trial.Protocol;
import storebench.trial.answer.ConcurrentAnswer;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;

/** {@code concurrent}: one worker thread per share, each visiting its stores from one start (PhaseLoops.concurrent). */
final class ConcurrentOp implements ChildOp {
    @Override
    public String name() {
        return ConcurrentAnswer.OP;
    }

    @Override
    public ObjectNode serve(Request r) throws Exception {
        int[][] shares = shares(r.json().get("shares"));
        int total = 0;
        for (int[] share : shares) {
            total += share.length;
        }
        long startAtMs = r.json().path("startAtMs").asLong(0);
        PhaseLoops.WorkerSamples[] w = r.phases().concurrent(r.root(), r.workload(), shares, startAtMs,
                r.synchronizedProgress(total));
        ObjectNode result = r.result();
        ArrayNode workers = result.putArray("workers");
        long first = Long.MAX_VALUE;
        long last = Long.MIN_VALUE;
        for (PhaseLoops.WorkerSamples s : w) {
            ObjectNode worker = workers.addObject().put("startUs", s.startUs).put("endUs", s.endUs);
            worker.set("oqc", Protocol.longs(s.visits.total));
            s.visits.counters.ifPresent(c -> c.into(worker.putObject("counters")));
            first = Math.min(first, s.startUs);
            last = Math.max(last, s.endUs);
        }
        return result.put("wallNs", (last - first) * 1000);
    }

    /** A concurrent request's stores, one array per worker. */
    private static int[][] shares(JsonNode sharesNode) {
        if (sharesNode == null || !sharesNode.isArray() || sharesNode.size() == 0) {
            throw new IllegalArgumentException("concurrent needs \"shares\": one array of stores per worker");
        }
        int[][] shares = new int[sharesNode.size()][];
        for (int k = 0; k < shares.length; k++) {
            shares[k] = Protocol.toInts(sharesNode.get(k), "shares[" + k + "]");
        }
        return shares;
    }
}
