package storebench.results;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonUnwrapped;

/** The profile's root sync line ({@link ProfileLine#ROOT_SYNC}): where, on which device, what syncs took. */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record RootSyncLine(String profile, String root, @JsonUnwrapped CreateStepsLine.Where where, String device,
                           @JsonUnwrapped Synced synced, String unavailable) {
    /** A root measured. */
    public RootSyncLine(String root, CreateStepsLine.Where where, String device, Synced synced) {
        this(ProfileLine.ROOT_SYNC, root, where, device, synced, null);
    }

    /** A root not measured, and why. */
    public RootSyncLine(String root, String unavailable) {
        this(ProfileLine.ROOT_SYNC, root, null, null, null, unavailable);
    }

    /** The median and p90 ms of its rounds of one block written and fdatasync'd, the rounds and the block's bytes. */
    public record Synced(double fdatasyncMedianMs, double fdatasyncP90Ms, int rounds, int blockBytes) {
    }
}
