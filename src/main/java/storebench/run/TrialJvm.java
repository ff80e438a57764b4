package storebench.run;

import storebench.model.JvmCollector;

import java.util.List;

/**
 * How a JVM trial process' heap is run. The measuring phases' is fixed and pre-touched under the serial collector, so
 * heap growth cannot pass for native memory; a serving phase gets what a service runs: touched as used, under
 * bench.trafficGc.
 */
public record TrialJvm(String heap, JvmCollector collector, boolean preTouched) {
    public static TrialJvm measuring(String heap) {
        return new TrialJvm(heap, JvmCollector.SERIAL, true);
    }

    public static TrialJvm serving(String heap, JvmCollector collector) {
        return new TrialJvm(heap, collector, false);
    }

    /** Its JVM options: -Xms = -Xmx (a heap that never resizes), pre-touched where asked, the collector. */
    public List<String> options() {
        return preTouched ? List.of("-Xms" + heap, "-Xmx" + heap, "-XX:+AlwaysPreTouch", collector.flag())
                : List.of("-Xms" + heap, "-Xmx" + heap, collector.flag());
    }
}
