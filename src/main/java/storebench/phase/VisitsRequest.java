package storebench.phase;

import com.fasterxml.jackson.annotation.JsonInclude;

/**
 * A visits request (VisitsAnswer.OP); null root and workload: the pool's; null query: an open and close; null run: a
 * warm-up's; null settle: the process does not wait for the JIT first.
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
record VisitsRequest(String root, String workload, String query, Boolean yard, Integer run, Boolean settle,
                     int[] order) {
    VisitsRequest(String query, boolean yard, Integer run, Boolean settle, int[] order) {
        this(null, null, query, yard, run, settle, order);
    }
}
