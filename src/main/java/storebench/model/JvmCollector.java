package storebench.model;

import java.util.Arrays;
import java.util.Locale;
import java.util.stream.Collectors;

/**
 * A JVM trial process' collector: serial where the arithmetic needs a fixed, pre-touched heap (memory, capacity, visit
 * runs), and for serving phases ({@code bench.trafficGc}) a service's, G1 unless asked otherwise.
 */
public enum JvmCollector {
    SERIAL("-XX:+UseSerialGC", 0),
    G1("-XX:+UseG1GC", 0),
    PARALLEL("-XX:+UseParallelGC", 0),
    /** ZGC left its experimental status in JDK 15 (JEP 377): an older JDK starts it only with an unlock flag. */
    ZGC("-XX:+UseZGC", 15);

    private final String id = name().toLowerCase(Locale.ROOT);
    private final String flag;
    private final int sinceFeature;

    JvmCollector(String flag, int sinceFeature) {
        this.flag = flag;
        this.sinceFeature = sinceFeature;
    }

    public String id() {
        return id;
    }

    public String flag() {
        return flag;
    }

    /** Whether a JDK of this feature release runs it without unlocking experimental options. */
    public boolean availableIn(int feature) {
        return feature >= sinceFeature;
    }

    /** The collector named {@code value} (any case) this JDK runs; else refused with the valid names. */
    public static JvmCollector of(String value) {
        return of(value, Runtime.version().feature());
    }

    static JvmCollector of(String value, int feature) {
        String wanted = value.trim().toLowerCase(Locale.ROOT);
        JvmCollector c = Arrays.stream(values()).filter(v -> v.id.equals(wanted)).findFirst().orElseThrow(() ->
                new IllegalArgumentException("unknown collector; give one of " + names(feature)));
        if (!c.availableIn(feature)) {
            throw new IllegalArgumentException(c.id + " needs JDK " + c.sinceFeature + " or later, and the"
                    + " trial JVMs run JDK " + feature + "; give one of " + names(feature));
        }
        return c;
    }

    private static String names(int feature) {
        return Arrays.stream(values()).filter(c -> c.availableIn(feature)).map(JvmCollector::id)
                .collect(Collectors.joining(", "));
    }
}
