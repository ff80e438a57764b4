package storebench.phase;

import com.fasterxml.jackson.annotation.JsonInclude;

/**
 * A visits request (VisitsAnswer.OP): the root and workload of its stores (null: the pool's), the query it runs on
 * each store (null: none, an open and close), whether the yardstick runs between visits, the run it is (null for a
 * warm-up's), whether the process settles first (null: it does not), and the stores in their visiting order.
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
record VisitsRequest(String root, String workload, String query, Boolean yard, Integer run, Boolean settle,
                     int[] order) {
    /** A request over the pool's stores. */
    VisitsRequest(String query, boolean yard, Integer run, Boolean settle, int[] order) {
        this(null, null, query, yard, run, settle, order);
    }
}
