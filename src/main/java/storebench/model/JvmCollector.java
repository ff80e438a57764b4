package storebench.model;

import java.util.Arrays;
import java.util.Locale;
import java.util.stream.Collectors;

/**
 * The garbage collector a JVM trial process runs (its {@code -XX:+Use...GC} flag): the serial one for the phases whose
 * arithmetic needs a fixed, pre-touched heap (memory, capacity and the visit runs), and for the phases that serve
 * requests ({@code bench.trafficGc}) whichever a service would run, G1 (the JVM's default) unless asked otherwise.
 */
public enum JvmCollector {
    SERIAL("serial", "-XX:+UseSerialGC", 0),
    G1("g1", "-XX:+UseG1GC", 0),
    PARALLEL("parallel", "-XX:+UseParallelGC", 0),
    /** ZGC left its experimental status in JDK 15 (JEP 377): an older JDK starts it only with an unlock flag. */
    ZGC("zgc", "-XX:+UseZGC", 15);

    private final String id;
    private final String flag;
    private final int sinceFeature;

    JvmCollector(String id, String flag, int sinceFeature) {
        this.id = id;
        this.flag = flag;
        this.sinceFeature = sinceFeature;
    }

    public String id() {
        return id;
    }

    /** The JVM option that selects it. */
    public String flag() {
        return flag;
    }

    /** Whether a JDK of this feature release runs it without unlocking experimental options. */
    public boolean availableIn(int feature) {
        return feature >= sinceFeature;
    }

    /**
     * The collector named {@code value} (case-insensitive), which this JDK (the trial processes': the same java.home)
     * runs; anything else is refused with the names that are valid here.
     */
    public static JvmCollector of(String value) {
        return of(value, Runtime.version().feature());
    }

    static JvmCollector of(String value, int feature) {
        String wanted = value.trim().toLowerCase(Locale.ROOT);
        for (JvmCollector c : values()) {
            if (c.id.equals(wanted)) {
                if (!c.availableIn(feature)) {
                    throw new IllegalArgumentException(c.id + " needs JDK " + c.sinceFeature + " or later, and the"
                            + " trial JVMs run JDK " + feature + "; give one of " + names(feature));
                }
                return c;
            }
        }
        throw new IllegalArgumentException("unknown collector; give one of " + names(feature));
    }

    private static String names(int feature) {
        return Arrays.stream(values()).filter(c -> c.availableIn(feature)).map(JvmCollector::id)
                .collect(Collectors.joining(", "));
    }
}
