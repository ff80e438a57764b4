package storebench.results;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import com.fasterxml.jackson.annotation.JsonUnwrapped;

import java.util.List;

/** The profile's noise line ({@link ProfileLine#NOISE}): one warm open run back to back, seconds, oqc, load. */
@JsonIgnoreProperties(ignoreUnknown = true) // the stamp: kind, at, engine, setting, workload, stores
public record NoiseLine(String profile, double load1, int runs, double seconds, @JsonUnwrapped Oqc oqc,
                        double load1AtStart) implements ProfileLine.Figures {
    public NoiseLine(double load1, int runs, double seconds, Oqc oqc, double load1AtStart) {
        this(ProfileLine.NOISE, load1, runs, seconds, oqc, load1AtStart);
    }

    /** The runs' oqc p50s (ms): the least, median and most, their spread, and each run's. */
    public record Oqc(double minMs, double medianMs, double maxMs, double spread, List<Double> oqcRunsMs) {
    }
}
