package storebench.gate;

import storebench.engine.Engines;
import storebench.gate.Thresholds.Baseline;
import storebench.gate.Thresholds.Bound;
import storebench.gate.Thresholds.Ceiling;
import storebench.gate.Thresholds.Ratio;
import storebench.gate.Thresholds.Scope;
import storebench.gate.Thresholds.Tolerance;
import storebench.model.Setting;
import storebench.model.Workload;
import storebench.results.Stat;

import org.yaml.snakeyaml.LoaderOptions;
import org.yaml.snakeyaml.Yaml;
import org.yaml.snakeyaml.error.MarkedYAMLException;
import org.yaml.snakeyaml.error.YAMLException;
import org.yaml.snakeyaml.nodes.Node;
import org.yaml.snakeyaml.nodes.NodeTuple;
import org.yaml.snakeyaml.nodes.SequenceNode;

import java.io.StringReader;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

import static storebench.gate.Thresholds.ALL;
import static storebench.gate.Thresholds.AGAINST_KEYS;
import static storebench.gate.Thresholds.BASELINE_KEYS;
import static storebench.gate.Thresholds.CEILING_KEYS;
import static storebench.gate.Thresholds.RATIO_KEYS;
import static storebench.gate.Thresholds.SECTIONS;
import static storebench.gate.Thresholds.WITHOUT_SPREAD;
import static storebench.gate.Thresholds.WITH_SPREAD;

/** thresholds.yaml read into its rules, every problem at once with its line, what was given, what is valid. */
final class ThresholdsParser extends YamlChecks {
    private final List<Stat> known;
    private final List<String> statIds;

    ThresholdsParser(String file, List<Stat> known) {
        super(file);
        this.known = List.copyOf(known);
        // a counter (what a visit asks of the machine) is recorded, never judged: no rule may name it
        this.statIds = known.stream().filter(s -> !s.counter()).map(Stat::id).toList();
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
        Thresholds.Against against = null;
        if (root == null || isNull(root)) {
            return new Thresholds(file, ceilings, ratios, null, null); // only comments: no rules
        }
        Map<String, NodeTuple> sections = mapping(root, "the file", SECTIONS);
        if (sections != null) {
            Map<String, NodeTuple> given = new LinkedHashMap<>(sections);
            given.values().removeIf(t -> isNull(t.getValueNode())); // a section left empty gives no rules
            if (given.containsKey("ceilings")) {
                sequence(given.get("ceilings").getValueNode(), "ceilings").forEach(i -> ceilings.addAll(ceiling(i)));
            }
            if (given.containsKey("ratios")) {
                sequence(given.get("ratios").getValueNode(), "ratios").forEach(i -> ratios.addAll(ratio(i)));
            }
            baseline = given.containsKey("baseline") ? baseline(given.get("baseline")) : null;
            against = given.containsKey("against") ? against(given.get("against")) : null;
        }
        if (!problems.isEmpty()) {
            throw new ThresholdsException(file, problems);
        }
        return new Thresholds(file, ceilings, ratios, baseline, against);
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
        List<Limit> limits = new ArrayList<>(limits(keys.get("max"), Bound.AT_MOST));
        limits.addAll(limits(keys.get("min"), Bound.AT_LEAST));
        Integer minStores = minStores(keys);
        if (engines != null && settings != null && workloads != null && minStores != null) {
            for (Limit l : limits) {
                for (String engine : engines) {
                    out.add(new Ceiling(engine, l.stat, l.bound, l.value, new Scope(settings, workloads, minStores),
                            l.line));
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
                        other.get(0), new Scope(settings, workloads, minStores), line));
            }
        }
        return out;
    }

    /** An entry's {@code min_stores:}: >= 1; 0 where not given; null on a problem. */
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

    /** against: tolerance_percent: {statistic: percent}: the statistics of the open runs an A/B comparison judges. */
    private Thresholds.Against against(NodeTuple section) {
        Map<String, NodeTuple> keys = mapping(section.getValueNode(), "against:", AGAINST_KEYS);
        if (keys == null) {
            return null;
        }
        int sectionLine = line(section.getKeyNode());
        NodeTuple tol = keys.get("tolerance_percent");
        List<String> judged = known.stream().filter(Stat::hasSpread).map(Stat::id).toList();
        if (tol == null) {
            problem(sectionLine, "against: needs tolerance_percent: with a statistic of the open runs and its percent,"
                    + " e.g. oqc_ms: 3 (valid statistics: " + String.join(", ", judged) + ")");
            return null;
        }
        Map<String, NodeTuple> tolerances = mapping(tol.getValueNode(), "against.tolerance_percent:", judged);
        return tolerances == null ? null : new Thresholds.Against(Collections.unmodifiableMap(tolerances(tolerances,
                "against.tolerance_percent.", "a percentage > 0, e.g. 3 (for 3%)")), sectionLine);
    }

    /** Each key's percentage ({@code what}: its name's prefix in a problem), those that are valid. */
    private Map<String, Tolerance> tolerances(Map<String, NodeTuple> given, String what, String hint) {
        Map<String, Tolerance> out = new LinkedHashMap<>();
        given.forEach((key, t) -> {
            Double v = number(t.getValueNode(), what + key, false, hint);
            if (v != null) {
                out.put(key, new Tolerance(v, line(t.getKeyNode())));
            }
        });
        return out;
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
                perStat.putAll(tolerances(tolerances, "tolerance_percent.", "a percentage >= 0, e.g. 20 (for 20%)"));
                withSpread = perStat.remove(WITH_SPREAD);
                withoutSpread = perStat.remove(WITHOUT_SPREAD);
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
        return String.join(", ", known.stream().filter(s -> s.hasSpread() == withSpread).map(Stat::id).toList());
    }

    private String unitHint(String stat) {
        return known.stream().filter(k -> k.id().equals(stat)).findFirst().map(s -> switch (s.unit()) {
            case MS -> "a number of milliseconds >= 0, e.g. 2.5";
            case KB -> "a number of KB (1,024 bytes) >= 0, e.g. 600";
            default -> s.countUnit().isEmpty() ? "a number >= 0" : "a number >= 0 (" + s.countUnit() + ")";
        }).orElse("a number >= 0");
    }

    /** The ids an entry's key gives, each among {@code valid} ({@code allowAll}: "*" or none is all). */
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
            } else if (!valid.contains(id) && !(name.equals("workload") && Workload.isId(id))) {
                // a custom workload is named by its own id (custom-<W>x<C>): its figures hold for that W and C alone
                problem(line(v), "unknown " + what + " '" + id + "' in " + name + ":; valid " + plural(what) + ": "
                        + String.join(", ", valid) + (name.equals("workload") ? ", custom-<W>x<C>" : "")
                        + (allowAll ? " (or \"*\" for all)" : ""));
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
}
