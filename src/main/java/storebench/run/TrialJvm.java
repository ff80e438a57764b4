package storebench.run;

import storebench.model.JvmCollector;

import java.util.List;

/**
 * How a JVM trial process' heap is run: its size, its collector, and whether it is pre-touched. The measuring phases'
 * processes have a fixed, pre-touched heap under the serial collector, so that heap growth cannot pass for native
 * memory and the memory phase's arithmetic holds; a phase that serves requests (Phase#serving) gets what a service
 * would run: a heap of the same fixed size for the stores it keeps open, its pages touched as they are used, and the
 * collector bench.trafficGc names.
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
