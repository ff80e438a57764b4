package storebench.results;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonUnwrapped;

import java.util.List;

/** A profiler's frames line: the top frames of one op's requests, the loop and items, or why no recording. */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record FramesLine(String profile, String profiler, String op, String phase, int items,
                         @JsonUnwrapped Sampling sampling, String unavailable, @JsonUnwrapped Sampled sampled) {
    /** A profiler's finding over the requests of one op, before its recording is read. */
    public FramesLine(String profiler, String op, String phase, int items, Sampling sampling) {
        this(ProfileLine.FRAMES, profiler, op, phase, items, sampling, null, null);
    }

    /** How frames are sampled: period, the method within (null: any) and the profiler's note on its frames. */
    @JsonInclude(JsonInclude.Include.NON_NULL)
    public record Sampling(String samplingPeriod, String within, String note) {
    }

    /** The recording, the thread sampled (null for any), its samples and its top frames. */
    @JsonInclude(JsonInclude.Include.NON_NULL)
    public record Sampled(String recording, String thread, int samples, List<ProfileLine.Frame> top) {
    }

    public FramesLine unavailable(String why) {
        return new FramesLine(profile, profiler, op, phase, items, sampling, why, null);
    }

    /** Its recording, the thread and method sampled within, and its top {@code keep} frames of {@code all}. */
    public FramesLine sampled(String recording, String thread, String within, List<ProfileLine.Frame> all, int keep) {
        return new FramesLine(profile, profiler, op, phase, items, new Sampling(sampling.samplingPeriod, within,
                sampling.note), null, new Sampled(recording, thread, all.stream().mapToInt(ProfileLine.Frame::samples)
                .sum(), List.copyOf(all.subList(0, Math.min(keep, all.size())))));
    }
}
