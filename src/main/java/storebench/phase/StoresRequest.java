package storebench.phase;

import com.fasterxml.jackson.annotation.JsonInclude;

/** A request over stores by their numbers (create, createprofile, hold, check); null root and workload: the pool's. */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record StoresRequest(String root, String workload, int[] stores) {
    public StoresRequest(int[] stores) {
        this(null, null, stores);
    }
}
