package storebench.trial;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;

/**
 * A capacity loop's request (docs/protocol.md "capacity"): written by the capacity phase from this record and read
 * back into it by the trial process (Jackson); a point every {@code every} stores, 1,000 where it names none.
 */
@JsonIgnoreProperties(ignoreUnknown = true)
public record CapacityRequest(String root, String workload, int max, int every, int warmOpens, long memoryMarginKb,
                              long diskMarginBytes) {
    public CapacityRequest {
        every = every == 0 ? 1000 : every;
    }
}
