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
 * The phases, registered once, in the order a trial measures them (and the report lists their wall times). Their
 * statistics are the rows of the report's tables (in the order of {@link #stats()}), the series of its charts and
 * the names thresholds.yaml may use. Adding a phase is its class, its loop in each runtime's trial process, and one
 * line here.
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
     * Every phase, in the order a trial measures them. Capacity comes last: it needs the machine alone and closes the
     * processes the phases with runs keep warm for each other (bench.share), so that placed before concurrency and
     * cold it made them warm fresh processes up again (their JIT floors: a third of a JVM engine's warm-up time).
     */
    public static final List<Phase> ALL = List.of(CREATE, DISK, OPEN_RUNS, MEMORY, READ,
            CONCURRENCY, COLD, TRAFFIC, CAPACITY);

    /**
     * The named groups a list of phases may hold beside ids (bench.phases): the phases whose figures fill the reference
     * write-up's tables (a statistic of theirs is one of its rows: create, disk, the open runs, memory), the others
     * ("beyond the reference": read, concurrency, cold, traffic, capacity), and every phase.
     */
    public static final Map<String, List<Phase>> GROUPS = Collections.unmodifiableMap(Stream.of(
            Map.entry("reference", ALL.stream().filter(Phases::inReference).toList()),
            Map.entry("beyond", ALL.stream().filter(p -> !inReference(p)).toList()), Map.entry("all", ALL))
            .collect(Collectors.toMap(Map.Entry::getKey, Map.Entry::getValue, (a, b) -> a, LinkedHashMap::new)));

    /** Whether one of the phase's statistics is a row of the reference write-up's tables. */
    public static boolean inReference(Phase phase) {
        return phase.stats().stream().anyMatch(Stat::inReference);
    }

    /**
     * The phases a list of ids (as {@link #byId} finds them) and group names names, each once, in
     * the order a trial measures them whatever the list's order; the error names every valid id and group.
     */
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

    /**
     * The phases that explain the figures rather than measure them ("Where the time goes", -Dbench.profile=true:
     * ProfileBench): their findings are profile lines, not statistics.
     */
    public static final List<Phase> PROFILE = List.of(CREATE_STEPS, WARM_COLD);

    private Phases() {
    }

    /**
     * Every statistic, in the order of the report's rows: the reference write-up's rows first, in its order (with those
     * listed beside one of them, Stat#besideReference), then each phase's others in the phases' order, each phase's in
     * the order it lists them.
     */
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

    /** The statistic with this id; the error names every valid id. */
    public static Stat stat(String id) {
        return find(id).orElseThrow(() -> new IllegalArgumentException("unknown statistic '" + id
                + "'; valid statistics: " + String.join(", ", statIds())));
    }

    public static Optional<Stat> find(String id) {
        return stats().stream().filter(s -> s.id().equals(id)).findFirst();
    }

    /**
     * The phase with this id, case aside, the one rule wherever a phase is named (bench.phases, a phase test's method
     * name): {@code openRuns} is {@code openruns}. The profile's phases ({@link #PROFILE}) are not among them.
     */
    public static Optional<Phase> byId(String id) {
        String wanted = id.toLowerCase(Locale.ROOT);
        return ALL.stream().filter(p -> p.id().equals(wanted)).findFirst();
    }

    /** The phase with this id, as {@link #byId} finds it; the error names every valid id. */
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

    /** The phase a statistic belongs to. */
    public static Phase phaseOf(Stat stat) {
        return ALL.stream().filter(p -> p.stats().contains(stat)).findFirst().orElseThrow();
    }
}
