package storebench.gate;



import storebench.engine.Engines;

import org.yaml.snakeyaml.LoaderOptions;
import org.yaml.snakeyaml.Yaml;
import org.yaml.snakeyaml.error.MarkedYAMLException;
import org.yaml.snakeyaml.error.YAMLException;
import org.yaml.snakeyaml.nodes.MappingNode;
import org.yaml.snakeyaml.nodes.Node;
import org.yaml.snakeyaml.nodes.NodeTuple;
import org.yaml.snakeyaml.nodes.ScalarNode;
import org.yaml.snakeyaml.nodes.SequenceNode;
import org.yaml.snakeyaml.nodes.Tag;
import storebench.engine.EngineDescriptor;
import storebench.results.Stat;
import storebench.model.Setting;
import storebench.model.Workload;

import java.io.IOException;
import java.io.StringReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * thresholds.yaml, the rules of the regression gate: ceilings (and floors) per engine, setting and workload;
 * ratios between engines under the same setting and workload; and the tolerances of a comparison with a
 * baseline run. Every rule keeps the line it was written on, so a verdict can point at it. The format is
 * described in the comments of the committed thresholds.yaml.
 */
public final class Thresholds {
    /** The file's top-level sections. */
    public static final List<String> SECTIONS = List.of("ceilings", "ratios", "baseline");
    /** Written for a setting or workload: every one there is. */
    public static final String ALL = "*";
    static final List<String> CEILING_KEYS = List.of("engine", "setting", "workload", "max", "min", "min_stores");
    static final List<String> RATIO_KEYS = List.of("engine", "stat", "at_most", "at_least", "times", "setting",
            "workload", "min_stores");
    static final List<String> BASELINE_KEYS = List.of("tolerance_percent", "ignore");
    /** Tolerance keys besides the statistic ids. */
    public static final String WITH_SPREAD = "with_spread";
    public static final String WITHOUT_SPREAD = "without_spread";

    /** Which side of the limit passes. */
    public enum Bound {
        /** The figure must be at most the limit (a ceiling): {@code max:}, {@code at_most:}. */
        AT_MOST("<="),
        /** The figure must be at least the limit (a floor): {@code min:}, {@code at_least:}. */
        AT_LEAST(">=");

        private final String symbol;

        Bound(String symbol) {
            this.symbol = symbol;
        }

        public String symbol() {
            return symbol;
        }
    }

    /**
     * One statistic's limit for one engine, under the given settings and workloads; judged only in runs of at least
     * {@code minStores} stores (0: any).
     */
    public record Ceiling(String engine, List<String> settings, List<String> workloads, String stat, Bound bound,
                          double limit, int line, int minStores) {
    }

    /**
     * {@code engine}'s statistic at most (or at least) {@code factor} times {@code other}'s, same setting+workload;
     * judged only in runs of at least {@code minStores} stores (0: any).
     */
    public record Ratio(String engine, String stat, Bound bound, double factor, String other, List<String> settings,
                        List<String> workloads, int line, int minStores) {
    }

    /** A tolerance in percent and the line it was written on. */
    public record Tolerance(double percent, int line) {
        public double fraction() {
            return percent / 100;
        }
    }

    /**
     * How much worse than a baseline run a statistic may be: {@code withSpread} for the statistics of the open
     * runs (which also may not exceed their noise), {@code withoutSpread} for the one-pass ones (create, memory,
     * disk), {@code perStat} overriding either; {@code ignore}d statistics are not compared.
     */
    public record Baseline(Tolerance withSpread, Tolerance withoutSpread, Map<String, Tolerance> perStat,
                           Set<String> ignore, int line) {
        public Tolerance toleranceFor(Stat stat) {
            Tolerance own = perStat.get(stat.id());
            if (own != null) {
                return own;
            }
            return stat.hasSpread() ? withSpread : withoutSpread;
        }
    }

    private final String file;
    private final List<Ceiling> ceilings;
    private final List<Ratio> ratios;
    private final Baseline baseline;

    Thresholds(String file, List<Ceiling> ceilings, List<Ratio> ratios, Baseline baseline) {
        this.file = file;
        this.ceilings = List.copyOf(ceilings);
        this.ratios = List.copyOf(ratios);
        this.baseline = baseline;
    }

    /**
     * Reads and checks a thresholds file; call it before measuring anything. A file that is missing, not YAML,
     * or names an unknown engine, statistic, setting, workload or key, or gives a negative or non-numeric limit, is
     * rejected with every problem's file, line and the valid values. {@code known}: the statistics a rule may name
     * (before a run, those the build measures; after it, those its results describe).
     */
    public static Thresholds load(Path file, List<Stat> known) {
        String name = file.toString();
        String text;
        try {
            text = Files.readString(file, StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new ThresholdsException(name, List.of(new ThresholdsException.Problem(0, "cannot read the file ("
                    + e.getClass().getSimpleName() + ": " + e.getMessage() + "); give an existing file with"
                    + " -Dbench.thresholds=FILE or BENCH_THRESHOLDS (default: thresholds.yaml at the project's top)")));
        }
        return parse(text, name, known);
    }

    /** Parses the text of a thresholds file; {@code file} names it in messages, {@code known} as for {@link #load}. */
    public static Thresholds parse(String text, String file, List<Stat> known) {
        return new Parser(file, known).parse(text);
    }

    /** The file as given (a path), for messages and verdicts. */
    public String file() {
        return file;
    }

    public List<Ceiling> ceilings() {
        return ceilings;
    }

    public List<Ratio> ratios() {
        return ratios;
    }

    public Optional<Baseline> baseline() {
        return Optional.ofNullable(baseline);
    }

    /** Whether the file has any rule at all. */
    public boolean isEmpty() {
        return ceilings.isEmpty() && ratios.isEmpty() && baseline == null;
    }

    /** Builds the model from the YAML node tree, collecting every problem before it gives up. */
    private static final class Parser {
        private final String file;
        private final List<Stat> known;
        private final List<String> statIds;
        private final List<ThresholdsException.Problem> problems = new ArrayList<>();

        Parser(String file, List<Stat> known) {
            this.file = file;
            this.known = List.copyOf(known);
            this.statIds = known.stream().map(Stat::id).toList();
        }

        Thresholds parse(String text) {
            Node root;
            try {
                root = new Yaml(new LoaderOptions()).compose(new StringReader(text));
            } catch (MarkedYAMLException e) {
                int line = e.getProblemMark() != null ? e.getProblemMark().getLine() + 1
                        : e.getContextMark() != null ? e.getContextMark().getLine() + 1 : 0;
                String problem = e.getProblem() != null ? e.getProblem() : e.getMessage();
                String source = line >= 1 ? text.lines().skip(line - 1).findFirst().orElse("") : "";
                String hint = source.matches(".*:\\s*\\*.*") ? "; write \"*\" in quotes (a bare * starts a YAML alias)"
                        : "; the file is a mapping with the sections " + String.join(", ", SECTIONS);
                throw new ThresholdsException(file, List.of(new ThresholdsException.Problem(line,
                        "not valid YAML: " + problem + (e.getContext() != null ? " (" + e.getContext() + ")" : "")
                                + hint)));
            } catch (YAMLException e) {
                throw new ThresholdsException(file, List.of(new ThresholdsException.Problem(0,
                        "not valid YAML: " + e.getMessage())));
            }
            List<Ceiling> ceilings = new ArrayList<>();
            List<Ratio> ratios = new ArrayList<>();
            Baseline baseline = null;
            if (root == null || isNull(root)) {
                return new Thresholds(file, ceilings, ratios, null); // only comments: no rules
            }
            Map<String, NodeTuple> sections = mapping(root, "the file", SECTIONS);
            if (sections != null) {
                NodeTuple c = sections.get("ceilings");
                if (c != null && !isNull(c.getValueNode())) {
                    for (Node item : sequence(c.getValueNode(), "ceilings")) {
                        ceilings.addAll(ceiling(item));
                    }
                }
                NodeTuple r = sections.get("ratios");
                if (r != null && !isNull(r.getValueNode())) {
                    for (Node item : sequence(r.getValueNode(), "ratios")) {
                        ratios.addAll(ratio(item));
                    }
                }
                NodeTuple b = sections.get("baseline");
                if (b != null && !isNull(b.getValueNode())) {
                    baseline = baseline(b);
                }
            }
            if (!problems.isEmpty()) {
                throw new ThresholdsException(file, problems);
            }
            return new Thresholds(file, ceilings, ratios, baseline);
        }

        private List<Ceiling> ceiling(Node item) {
            List<Ceiling> out = new ArrayList<>();
            Map<String, NodeTuple> keys = mapping(item, "a ceilings entry", CEILING_KEYS);
            if (keys == null) {
                return out;
            }
            String where = "ceilings entry at line " + line(item);
            List<String> engines = ids(keys, "engine", Engines.ids(), "engine id", false, item, where);
            List<String> settings = ids(keys, "setting", Setting.ids(), "setting", true, item, where);
            List<String> workloads = ids(keys, "workload", Workload.ids(), "workload", true, item, where);
            if (!keys.containsKey("max") && !keys.containsKey("min")) {
                problem(line(item), where + " has no limits: give max: (ceilings) and/or min: (floors), each a"
                        + " mapping of statistic id to number; valid statistics: " + String.join(", ", statIds));
            }
            List<Limit> limits = new ArrayList<>();
            limits.addAll(limits(keys.get("max"), Bound.AT_MOST));
            limits.addAll(limits(keys.get("min"), Bound.AT_LEAST));
            Integer minStores = minStores(keys);
            if (engines != null && settings != null && workloads != null && minStores != null) {
                for (Limit l : limits) {
                    for (String engine : engines) {
                        out.add(new Ceiling(engine, settings, workloads, l.stat, l.bound, l.value, l.line, minStores));
                    }
                }
            }
            return out;
        }

        private record Limit(String stat, Bound bound, double value, int line) {
        }

        private List<Limit> limits(NodeTuple section, Bound bound) {
            List<Limit> out = new ArrayList<>();
            if (section == null) {
                return out;
            }
            String name = scalar(section.getKeyNode());
            Map<String, NodeTuple> limits = mapping(section.getValueNode(), name + ": (statistic id: number)", null);
            if (limits == null) {
                return out;
            }
            if (limits.isEmpty()) {
                problem(line(section.getKeyNode()), name + ": is empty: give statistic ids with numbers, e.g. "
                        + name + ": {oqc_ms: 2.5}; valid statistics: " + String.join(", ", statIds));
            }
            for (Map.Entry<String, NodeTuple> e : limits.entrySet()) {
                int line = line(e.getValue().getKeyNode());
                if (!statIds.contains(e.getKey())) {
                    problem(line, "unknown statistic '" + e.getKey() + "' in " + name + ":; valid statistics: "
                            + String.join(", ", statIds));
                    continue;
                }
                Double v = number(e.getValue().getValueNode(), name + "." + e.getKey(), false, unitHint(e.getKey()));
                if (v != null) {
                    out.add(new Limit(e.getKey(), bound, v, line));
                }
            }
            return out;
        }

        private List<Ratio> ratio(Node item) {
            List<Ratio> out = new ArrayList<>();
            Map<String, NodeTuple> keys = mapping(item, "a ratios entry", RATIO_KEYS);
            if (keys == null) {
                return out;
            }
            String where = "ratios entry at line " + line(item);
            List<String> engine = ids(keys, "engine", Engines.ids(), "engine id", false, item, where);
            List<String> other = ids(keys, "times", Engines.ids(), "engine id", false, item, where);
            List<String> stats = ids(keys, "stat", statIds, "statistic", false, item, where);
            List<String> settings = ids(keys, "setting", Setting.ids(), "setting", true, item, where);
            List<String> workloads = ids(keys, "workload", Workload.ids(), "workload", true, item, where);
            NodeTuple atMost = keys.get("at_most");
            NodeTuple atLeast = keys.get("at_least");
            if ((atMost == null) == (atLeast == null)) {
                problem(line(item), where + " needs exactly one of at_most: or at_least: (a factor > 0, e.g."
                        + " at_most: 2.5 means at most 2.5 times the figure of the engine named by times:)");
            }
            NodeTuple bound = atMost != null ? atMost : atLeast;
            Double factor = null;
            if (bound != null) {
                factor = number(bound.getValueNode(), scalar(bound.getKeyNode()), true,
                        "a factor > 0, e.g. 2.5 (times the other engine's figure)");
            }
            for (List<String> single : List.of(engine == null ? List.<String>of() : engine,
                    other == null ? List.<String>of() : other)) {
                if (single.size() > 1) {
                    problem(line(item), where + ": engine: and times: take one engine id each, not a list");
                    return out;
                }
            }
            if (engine != null && other != null && engine.equals(other)) {
                problem(line(item), where + ": engine and times name the same engine '" + engine.get(0)
                        + "'; compare two different engines");
                return out;
            }
            Integer minStores = minStores(keys);
            if (engine != null && other != null && stats != null && settings != null && workloads != null
                    && factor != null && minStores != null) {
                int line = line(bound.getKeyNode());
                for (String stat : stats) {
                    out.add(new Ratio(engine.get(0), stat, atMost != null ? Bound.AT_MOST : Bound.AT_LEAST, factor,
                            other.get(0), settings, workloads, line, minStores));
                }
            }
            return out;
        }

        /**
         * An entry's {@code min_stores:}, the fewest stores a run needs for the rule to be judged (a per-store figure
         * measured at that scale that does not hold below it): a whole number >= 1; 0 where it is not given; null
         * after a problem.
         */
        private Integer minStores(Map<String, NodeTuple> keys) {
            NodeTuple t = keys.get("min_stores");
            if (t == null) {
                return 0;
            }
            String text = scalar(t.getValueNode());
            try {
                int n = Integer.parseInt(text == null ? "" : text.trim().replace("_", ""));
                if (n >= 1) {
                    return n;
                }
            } catch (NumberFormatException ignored) {
                // falls through to the problem below
            }
            problem(line(t.getValueNode()), "min_stores = " + (text == null ? describe(t.getValueNode()) : "'" + text
                    + "'") + " is not valid; give a whole number of stores >= 1 (the rule is judged only in runs whose"
                    + " N and M, bench.stores and bench.hold, are at least this), e.g. min_stores: 1000");
            return null;
        }

        private Baseline baseline(NodeTuple section) {
            Map<String, NodeTuple> keys = mapping(section.getValueNode(), "baseline:", BASELINE_KEYS);
            if (keys == null) {
                return null;
            }
            int sectionLine = line(section.getKeyNode());
            NodeTuple tol = keys.get("tolerance_percent");
            List<String> tolKeys = new ArrayList<>(List.of(WITH_SPREAD, WITHOUT_SPREAD));
            tolKeys.addAll(statIds);
            Tolerance withSpread = null;
            Tolerance withoutSpread = null;
            Map<String, Tolerance> perStat = new LinkedHashMap<>();
            if (tol == null) {
                problem(sectionLine, "baseline: needs tolerance_percent: with " + WITH_SPREAD + ": and "
                        + WITHOUT_SPREAD + ": (percent, e.g. 20), optionally a statistic id with its own percent");
            } else {
                Map<String, NodeTuple> tolerances = mapping(tol.getValueNode(), "baseline.tolerance_percent:", tolKeys);
                if (tolerances != null) {
                    for (Map.Entry<String, NodeTuple> e : tolerances.entrySet()) {
                        Double v = number(e.getValue().getValueNode(), "tolerance_percent." + e.getKey(), false,
                                "a percentage >= 0, e.g. 20 (for 20%)");
                        if (v == null) {
                            continue;
                        }
                        Tolerance t = new Tolerance(v, line(e.getValue().getKeyNode()));
                        if (e.getKey().equals(WITH_SPREAD)) {
                            withSpread = t;
                        } else if (e.getKey().equals(WITHOUT_SPREAD)) {
                            withoutSpread = t;
                        } else {
                            perStat.put(e.getKey(), t);
                        }
                    }
                    for (String required : List.of(WITH_SPREAD, WITHOUT_SPREAD)) {
                        if (!tolerances.containsKey(required)) {
                            problem(line(tol.getKeyNode()), "baseline.tolerance_percent: has no " + required
                                    + ": give a percentage >= 0 for the statistics "
                                    + (required.equals(WITH_SPREAD) ? "of the open runs (" + spreadIds(true) + ")"
                                    : "without a spread (" + spreadIds(false) + ")"));
                        }
                    }
                }
            }
            Set<String> ignore = new LinkedHashSet<>();
            NodeTuple ig = keys.get("ignore");
            if (ig != null && !isNull(ig.getValueNode())) {
                List<String> ids = ids(keys, "ignore", statIds, "statistic", false, section.getValueNode(),
                        "baseline:");
                if (ids != null) {
                    ignore.addAll(ids);
                }
            }
            if (withSpread == null || withoutSpread == null) {
                return null;
            }
            return new Baseline(withSpread, withoutSpread, Collections.unmodifiableMap(perStat),
                    Collections.unmodifiableSet(ignore), sectionLine);
        }

        private String spreadIds(boolean withSpread) {
            List<String> ids = new ArrayList<>();
            for (Stat s : known) {
                if (s.hasSpread() == withSpread) {
                    ids.add(s.id());
                }
            }
            return String.join(", ", ids);
        }

        private String unitHint(String stat) {
            Optional<Stat> s = known.stream().filter(k -> k.id().equals(stat)).findFirst();
            if (s.isEmpty()) {
                return "a number >= 0";
            }
            switch (s.get().unit()) {
                case MS:
                    return "a number of milliseconds >= 0, e.g. 2.5";
                case KB:
                    return "a number of KB (1,024 bytes) >= 0, e.g. 600";
                default:
                    return s.get().countUnit().isEmpty() ? "a number >= 0"
                            : "a number >= 0 (" + s.get().countUnit() + ")";
            }
        }

        // ---- node helpers ----

        /**
         * The keys of a mapping node (null on error); unknown keys (when {@code valid} is given) and duplicates are
         * problems.
         */
        private Map<String, NodeTuple> mapping(Node node, String what, List<String> valid) {
            if (!(node instanceof MappingNode)) {
                problem(line(node), what + " must be a mapping (key: value lines)"
                        + (valid != null ? " with the keys " + String.join(", ", valid) : "") + ", not "
                        + describe(node));
                return null;
            }
            Map<String, NodeTuple> keys = new LinkedHashMap<>();
            for (NodeTuple t : ((MappingNode) node).getValue()) {
                String key = scalar(t.getKeyNode());
                int line = line(t.getKeyNode());
                if (key == null) {
                    problem(line, "a key in " + what + " is not a plain word");
                } else if (keys.containsKey(key)) {
                    problem(line, "'" + key + "' is given twice in " + what + " (first at line "
                            + line(keys.get(key).getKeyNode()) + ")");
                } else if (valid != null && !valid.contains(key)) {
                    problem(line, "unknown key '" + key + "' in " + what + "; valid keys: " + String.join(", ", valid));
                } else {
                    keys.put(key, t);
                }
            }
            return keys;
        }

        private List<Node> sequence(Node node, String what) {
            if (node instanceof SequenceNode) {
                return ((SequenceNode) node).getValue();
            }
            problem(line(node), what + ": must be a list of entries, each starting with '- ', not " + describe(node));
            return List.of();
        }

        /**
         * The ids the key {@code name} of an entry gives: one id or a list of ids, each among {@code valid}; with
         * {@code allowAll}, "*" or a missing key means all of them. Returns null after a problem.
         */
        private List<String> ids(Map<String, NodeTuple> keys, String name, List<String> valid, String what,
                                 boolean allowAll, Node entry, String where) {
            NodeTuple key = keys.get(name);
            if (key == null || isNull(key.getValueNode())) {
                if (allowAll) {
                    // a rule without settings holds for a default run's (durable is opt-in, in the run and the rules)
                    return name.equals("setting") ? Setting.defaultIds() : valid;
                }
                problem(key == null ? line(entry) : line(key.getKeyNode()), where + " has no " + name + ": give one "
                        + what + (name.equals("times") ? " (the engine compared with)" : "")
                        + (what.equals("statistic") ? " or a list of them" : "") + "; valid: " + String.join(", ", valid));
                return null;
            }
            List<Node> values = key.getValueNode() instanceof SequenceNode
                    ? ((SequenceNode) key.getValueNode()).getValue() : List.of(key.getValueNode());
            List<String> out = new ArrayList<>();
            boolean ok = true;
            for (Node v : values) {
                String id = scalar(v);
                if (id == null) {
                    problem(line(v), name + ": must be " + (allowAll ? "\"*\", " : "") + "one " + what
                            + " or a list of them, not " + describe(v) + "; valid: " + String.join(", ", valid));
                    ok = false;
                } else if (allowAll && id.equals(ALL)) {
                    out.addAll(valid);
                } else if (!valid.contains(id)) {
                    problem(line(v), "unknown " + what + " '" + id + "' in " + name + ":; valid " + plural(what) + ": "
                            + String.join(", ", valid) + (allowAll ? " (or \"*\" for all)" : ""));
                    ok = false;
                } else if (!out.contains(id)) {
                    out.add(id);
                }
            }
            if (ok && out.isEmpty()) {
                problem(line(key.getKeyNode()), name + ": is an empty list; valid: " + String.join(", ", valid));
                ok = false;
            }
            return ok ? List.copyOf(out) : null;
        }

        private static String plural(String what) {
            return what.endsWith("y") ? what.substring(0, what.length() - 1) + "ies" : what + "s";
        }

        /** A finite number >= 0 (> 0 if {@code positive}); null after a problem. */
        private Double number(Node node, String what, boolean positive, String hint) {
            String text = scalar(node);
            Double v = null;
            if (text != null && !isNull(node) && !node.getTag().equals(Tag.BOOL)) {
                String t = text.trim().replace("_", "");
                if (t.endsWith("%") && what.startsWith("tolerance_percent")) {
                    t = t.substring(0, t.length() - 1).trim();
                }
                try {
                    v = Double.parseDouble(t);
                } catch (NumberFormatException ignored) {
                    v = null;
                }
            }
            if (v == null || !Double.isFinite(v)) {
                problem(line(node), what + " = " + (text == null ? describe(node) : "'" + text + "'")
                        + " is not a number; give " + hint);
                return null;
            }
            if (v < 0 || (positive && v == 0)) {
                problem(line(node), what + " = " + text + " is " + (v < 0 ? "negative" : "zero") + "; give " + hint);
                return null;
            }
            return v;
        }

        private static String scalar(Node node) {
            return node instanceof ScalarNode ? ((ScalarNode) node).getValue() : null;
        }

        private static boolean isNull(Node node) {
            return node instanceof ScalarNode && node.getTag().equals(Tag.NULL);
        }

        private static String describe(Node node) {
            if (node instanceof MappingNode) {
                return "a mapping";
            }
            if (node instanceof SequenceNode) {
                return "a list";
            }
            return isNull(node) ? "nothing" : "'" + scalar(node) + "'";
        }

        private static int line(Node node) {
            return node.getStartMark().getLine() + 1;
        }

        private void problem(int line, String message) {
            problems.add(new ThresholdsException.Problem(line, message));
        }
    }

    @Override
    public String toString() {
        return String.format(Locale.ROOT, "%s: %d ceilings, %d ratios, baseline %s", file, ceilings.size(),
                ratios.size(), baseline == null ? "none" : "yes");
    }
}
