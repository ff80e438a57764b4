package storebench.results;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * What holding one more store open costs a process, in total. A JVM trial process runs on a fixed heap that is
 * pre-touched before the engine loads, so the heap's growth never shows as resident memory: its total is the resident
 * growth plus the managed heap's growth. The Node worker's V8 heap is not pre-touched, so its growth is resident
 * already: its total is the resident growth alone (never counted twice).
 *
 * <p>A run written before its stat lines carried the totals gets them derived here, where its lines allow it (resident
 * and heap recorded, the engine's runtime in environment.json): so that any kept run renders with the row.
 */
public final class OpenStoreMemory {
    /** The memory phase's total per open store. */
    public static final String TOTAL = "mem_total_kb";
    /** The capacity phase's total per open store (resident slope plus heap slope in a JVM). */
    public static final String CAPACITY_TOTAL = "capacity_total_kb";
    /** The descriptions of derived statistics, as the phases that now measure them declare them (a test keeps them equal). */
    static final String DERIVED = "derived-stats.json";

    private OpenStoreMemory() {
    }

    /** The total per open store, from its resident and managed-heap growth per store. */
    public static double total(double residentKb, double heapKb, boolean heapPreTouched) {
        return heapPreTouched ? residentKb + heapKb : residentKb;
    }

    /**
     * Whether an engine's trial process pre-touches its heap, read from environment.json's engines.&lt;id&gt;.runtime
     * ("Java 17.0.15 (...)" or "Node.js v20..."); empty where the run does not say.
     */
    static Optional<Boolean> heapPreTouched(JsonNode environment, String engine) {
        String runtime = environment.path("engines").path(engine).path("runtime").asText("");
        if (runtime.startsWith("Java")) {
            return Optional.of(true);
        }
        return runtime.startsWith("Node") ? Optional.of(false) : Optional.empty();
    }

    /**
     * Stat lines for the totals a run's lines allow but do not carry: mem_total_kb from mem_resident_kb and heap_kb,
     * capacity_total_kb from capacity_resident_kb and the slope of the capacity points' heap. Each is marked
     * {@code "derived": true} and lists its sources in "about.after", so the report places it after them.
     */
    static List<JsonNode> derive(List<JsonNode> lines, JsonNode environment) {
        Map<Cell, JsonNode> stats = new LinkedHashMap<>();
        Map<Column, List<JsonNode>> points = new LinkedHashMap<>();
        for (JsonNode l : lines) {
            switch (l.path("kind").asText()) {
                case "stat" -> stats.put(new Cell(Column.of(l), l.path("stat").asText()), l);
                case "capacity-point" -> points.computeIfAbsent(Column.of(l), k -> new ArrayList<>()).add(l);
                default -> { }
            }
        }
        List<JsonNode> out = new ArrayList<>();
        for (Map.Entry<Cell, JsonNode> e : stats.entrySet()) {
            JsonNode line = e.getValue();
            Column key = e.getKey().column();
            Optional<Boolean> touched = heapPreTouched(environment, key.engine());
            if (touched.isEmpty()) {
                continue;
            }
            String stat = e.getKey().stat();
            if (stat.equals("mem_resident_kb") && !stats.containsKey(new Cell(key, TOTAL))) {
                JsonNode heap = stats.get(new Cell(key, "heap_kb"));
                if (heap != null || !touched.get()) {
                    double heapKb = heap == null ? 0 : heap.path("value").asDouble();
                    out.add(derived(line, TOTAL, total(line.path("value").asDouble(), heapKb, touched.get()),
                            "mem_anon_kb"));
                }
            } else if (stat.equals("capacity_resident_kb") && !stats.containsKey(new Cell(key, CAPACITY_TOTAL))) {
                List<JsonNode> curve = points.getOrDefault(key, List.of());
                double heapSlope = curve.size() < 2 ? Double.NaN : RunStats.slope(curve, "heapUsedBytes") / 1024;
                if (!touched.get() || Double.isFinite(heapSlope)) {
                    out.add(derived(line, CAPACITY_TOTAL, total(line.path("value").asDouble(),
                            touched.get() ? heapSlope : 0, touched.get()), stat));
                }
            }
        }
        return out;
    }

    /** A statistic of a column: the key of a stat line. */
    private record Cell(Column column, String stat) {
    }

    private static JsonNode derived(JsonNode source, String stat, double value, String after) {
        ObjectNode l = ((ObjectNode) source).deepCopy();
        l.remove(List.of("runs", "spread", "about")); // its source's profilers stay: a total of profiled figures is too
        l.put("stat", stat).put("value", value).put("derived", true);
        ObjectNode about = descriptions().path(stat).deepCopy();
        about.put("after", after);
        l.set("about", about);
        return l;
    }

    /** The derived statistics' descriptions (an about per id, labels with %W% and %M%). */
    static JsonNode descriptions() {
        try (InputStream in = OpenStoreMemory.class.getResourceAsStream(DERIVED)) {
            if (in == null) {
                throw new IllegalStateException(DERIVED + " is missing from the build (src/main/resources/storebench/results)");
            }
            return ResultsFile.JSON.readTree(in);
        } catch (IOException e) {
            throw new UncheckedIOException(DERIVED + ": not valid JSON", e);
        }
    }
}
