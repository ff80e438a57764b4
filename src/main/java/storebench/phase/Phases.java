package storebench.phase;

import storebench.results.Stat;

import java.util.ArrayList;
import java.util.Collections;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Collectors;
import java.util.stream.Stream;

/**
 * The phases, registered once, in the order a trial measures them. Their statistics are the report's rows, its charts'
 * series and the names thresholds.yaml may use. Adding a phase is its class, its loop in each runtime, and one line
 * here.
 */
public final class Phases {
    /** The bar charts the statistics are drawn in, by title. */
    public static final class Chart {
        public static final String MEDIANS = "Medians per store: create, open, count, close";
        public static final String MEMORY = "Memory per open store";
        public static final String DISK = "Disk per store";
        public static final String READ = "Reading every note: medians per store";
        public static final String CAPACITY = "Capacity: stores held open at once";
        public static final String WARM_COLD = "Open, query, close: warm page cache, and the pool dropped from it";

        private Chart() {
        }
    }

    public static final CreatePhase CREATE = new CreatePhase();
    public static final DiskPhase DISK = new DiskPhase();
    public static final OpenRunsPhase OPEN_RUNS = new OpenRunsPhase();
    public static final MemoryPhase MEMORY = new MemoryPhase();
    public static final ReadPhase READ = new ReadPhase();
    public static final CapacityPhase CAPACITY = new CapacityPhase();
    public static final ConcurrencyPhase CONCURRENCY = new ConcurrencyPhase();
    public static final ColdPhase COLD = new ColdPhase();
    public static final TrafficPhase TRAFFIC = new TrafficPhase();
    public static final CreateStepsPhase CREATE_STEPS = new CreateStepsPhase();
    public static final WarmColdPhase WARM_COLD = new WarmColdPhase();

    /**
     * Capacity comes last: it needs the machine alone and closes the processes kept warm (bench.share), which placed
     * before concurrency and cold made them warm fresh ones up again.
     */
    public static final List<Phase> ALL = List.of(CREATE, DISK, OPEN_RUNS, MEMORY, READ,
            CONCURRENCY, COLD, TRAFFIC, CAPACITY);

    /** The groups bench.phases may name: reference (their statistics are its rows), beyond, all. */
    public static final Map<String, List<Phase>> GROUPS = Collections.unmodifiableMap(Stream.of(
            Map.entry("reference", ALL.stream().filter(Phases::inReference).toList()),
            Map.entry("beyond", ALL.stream().filter(p -> !inReference(p)).toList()), Map.entry("all", ALL))
            .collect(Collectors.toMap(Map.Entry::getKey, Map.Entry::getValue, (a, b) -> a, LinkedHashMap::new)));

    /** Whether one of the phase's statistics is a row of the reference write-up's tables. */
    public static boolean inReference(Phase phase) {
        return phase.stats().stream().anyMatch(Stat::inReference);
    }

    /** The phases named by ids and groups, each once, in the order a trial measures them. */
    public static List<Phase> select(List<String> idsAndGroups) {
        Set<Phase> chosen = new LinkedHashSet<>();
        for (String item : idsAndGroups) {
            List<Phase> group = GROUPS.get(item.toLowerCase(Locale.ROOT));
            if (group != null) {
                chosen.addAll(group);
                continue;
            }
            chosen.add(byId(item).orElseThrow(() -> new IllegalArgumentException("unknown phase id or group '" + item
                    + "'; valid phase ids: " + idList() + "; groups: " + groupList())));
        }
        return ALL.stream().filter(chosen::contains).toList();
    }

    /** The groups with their phases: "reference (create, disk, ...), beyond (read, ...), all (every phase)". */
    public static String groupList() {
        return GROUPS.entrySet().stream().map(g -> g.getKey() + " (" + (g.getValue() == ALL ? "every phase"
                : g.getValue().stream().map(Phase::id).collect(Collectors.joining(", "))) + ")")
                .collect(Collectors.joining(", "));
    }

    /** The phases that explain the figures (ProfileBench): their findings are profile lines, not statistics. */
    public static final List<Phase> PROFILE = List.of(CREATE_STEPS, WARM_COLD);

    private Phases() {
    }

    /** Every statistic in the report's row order: the reference write-up's rows first, then each phase's others. */
    public static List<Stat> stats() {
        List<Stat> all = ALL.stream().flatMap(p -> p.stats().stream()).toList();
        List<Stat> rows = new ArrayList<>(all.stream().filter(s -> s.inReference() || s.besideReference() > 0)
                .sorted(Comparator.comparingDouble(s -> s.inReference() ? s.referenceRow() : s.besideReference() + 0.5))
                .toList());
        all.stream().filter(s -> !rows.contains(s)).forEach(rows::add);
        return rows;
    }

    /** A statistic's row in the report (1 = first), as its stat lines record it (Stat#about). */
    public static int order(Stat stat) {
        return stats().indexOf(stat) + 1;
    }

    public static List<String> statIds() {
        return stats().stream().map(Stat::id).collect(Collectors.toList());
    }

    public static Optional<Stat> find(String id) {
        return stats().stream().filter(s -> s.id().equals(id)).findFirst();
    }

    /** Case aside ({@code openRuns} is {@code openruns}), wherever a phase is named; not {@link #PROFILE}. */
    public static Optional<Phase> byId(String id) {
        String wanted = id.toLowerCase(Locale.ROOT);
        return ALL.stream().filter(p -> p.id().equals(wanted)).findFirst();
    }

    /** As {@link #byId}; the error names every valid id. */
    public static Phase of(String id) {
        return byId(id).orElseThrow(() -> new IllegalArgumentException("unknown phase '" + id + "'; valid phases: "
                + idList()));
    }

    private static String idList() {
        return ALL.stream().map(Phase::id).collect(Collectors.joining(", "));
    }

    /** The phase whose step this is (the very step: two phases' warm-ups may send the same op), if one registers it. */
    public static Optional<Phase> ofStep(Phase.Step step) {
        return java.util.stream.Stream.concat(ALL.stream(), PROFILE.stream())
                .filter(p -> p.steps().stream().anyMatch(s -> s == step)).findFirst();
    }

    public static Phase phaseOf(Stat stat) {
        return ALL.stream().filter(p -> p.stats().contains(stat)).findFirst().orElseThrow();
    }
}
