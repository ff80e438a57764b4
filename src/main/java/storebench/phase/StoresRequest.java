package storebench.phase;

import com.fasterxml.jackson.annotation.JsonInclude;

/**
 * A request over stores by their numbers (CreateAnswer.OP, CreateAnswer.PROFILE_OP, HoldAnswer.OP,
 * CheckAnswer.OP): their directory and workload (null: the pool's) and their numbers.
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record StoresRequest(String root, String workload, int[] stores) {
    /** The pool's stores of these numbers. */
    public StoresRequest(int[] stores) {
        this(null, null, stores);
    }
}
