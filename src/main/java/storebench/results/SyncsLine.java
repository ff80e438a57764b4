package storebench.results;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonUnwrapped;

import java.util.Map;

/** A profiler's syncs line ({@link ProfileLine#SYNCS}): strace's sync calls in one op's requests, per item. */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record SyncsLine(String profile, String profiler, String op, int items, int requests,
                        @JsonUnwrapped Counted counted, @JsonUnwrapped Log log) {
    /** A profiler's finding over the requests of one op. */
    public SyncsLine(String profiler, String op, int items, int requests, Counted counted, Log log) {
        this(ProfileLine.SYNCS, profiler, op, items, requests, counted, log);
    }

    /** Each call's count, failures and ms in the log's order, and the calls and their ms per item. */
    public record Counted(Map<String, ProfileLine.Calls> calls, double callsPerItem, double syncMsPerItem) {
    }

    /** The log, whether strace filtered in the kernel (seccomp-bpf), and why there is no log where there is none. */
    @JsonInclude(JsonInclude.Include.NON_NULL)
    public record Log(String straceLog, Boolean seccompBpf, String unavailable) {
    }
}
