package storebench.run;

import storebench.engine.Engines;

import storebench.engine.EngineDescriptor;
import storebench.model.Setting;
import storebench.model.Workload;
import storebench.phase.Phase;
import storebench.phase.PhaseOption;
import storebench.phase.PhaseOptions;
import storebench.phase.Phases;
import storebench.profile.Profiler;
import storebench.profile.Profilers;

import java.nio.file.Path;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.function.Function;

/**
 * Every option of a bench run, read in one place (docs/options.md, which says what each means): a system property or
 * JUnit configuration parameter ({@code bench.stores}) wins over an environment variable ({@code BENCH_STORES}). A bad
 * value is rejected with the option's name and what would be valid.
 */
public final class BenchOptions implements PhaseOptions {
    /** In column order. */
    public final List<EngineDescriptor> engines;
    /** bench.engines as given, groups unexpanded, so the report can name the groups. */
    public final String enginesAsked;
    public final boolean planOnly;
    /** bench.phases among the phase tests the launcher selected, in their order. */
    public final List<Phase> phases;
    /** bench.phases as given, groups unexpanded. */
    public final String phasesAsked;
    public final int stores;
    public final Workload workload;
    public final int runs;
    public final int warmupOpens;
    public final storebench.phase.WarmUp.Rule warmup;
    /** The child JVM's fixed, pre-touched heap in MiB (the holding processes get more: TrialCommands.holdHeap). */
    public final int trialHeapMb;
    public final int hold;
    public final List<Setting> settings;
    public final Path root;
    public final OptionalDouble maxLoad;
    public final Duration maxLoadWait;
    public final boolean keep;
    public final boolean reuse;
    public final Path thresholds;
    public final Optional<Path> baseline;
    public final Path projectDir;
    public final Path outputDir;
    public final Duration trialTimeout;
    public final String nodeCommand;
    /** Test knob: every engine operation of the JVM engines made this fraction slower (0 = off). */
    public final double slowdown;
    /** Side B of an A/B comparison of the one engine measured; empty: no comparison. */
    public final Optional<Against> against;
    public final double againstSlowdown;
    public final storebench.phase.AgainstSide.Pairs againstPairs;
    public final Duration lockWait;
    public final boolean baselineMismatchWarns;
    public final boolean profile;
    public final List<Profiler> profilers;
    public final int resample;
    private final Map<PhaseOption<?>, Object> phaseOptions = new LinkedHashMap<>();
    /** The phases' options as given, by name: the run line records them, the report's command repeats them. */
    public final Map<String, String> phaseOptionTexts = new LinkedHashMap<>();
    /** Every source asked, so that no undeclared option passes (refuseUnknown). */
    private final Source source;

    /**
     * Options from the given lookups (JUnit configuration parameters, tests), where the launcher selected only the
     * phase tests of {@code picked} (junit.SelectedPhases; empty: none selected).
     */
    public BenchOptions(Function<String, String> properties, Function<String, String> env,
            Optional<List<Phase>> picked) {
        Source s = new Source(properties, env);
        source = s;
        projectDir = Path.of(s.get("bench.projectDir", null, System.getProperty("user.dir"))).toAbsolutePath();
        outputDir = resolve(s.get("bench.out", null, "target/bench"));
        enginesAsked = String.join(",", list("bench.engines", s.get("bench.engines", null, "reference"),
                Engines.validNames()));
        engines = parse("bench.engines", list("bench.engines", enginesAsked, ""), Engines::select);
        planOnly = bool("bench.plan", s.get("bench.plan", null, "false"));
        // selected phase tests (it.test's StoreLifeBench#traffic) name their phases; bench.phases narrows them if given
        phasesAsked = String.join(",", list("bench.phases", s.get("bench.phases", null,
                picked.isPresent() ? "all" : "reference"), "valid phase ids and groups: " + Phases.groupList()));
        phases = phases(phasesAsked, picked);
        stores = positiveInt(s, "bench.stores", "BENCH_STORES", "1000");
        workload = workload(s);
        runs = positiveInt(s, "bench.runs", null, "3");
        warmupOpens = positiveInt(s, "bench.warmupOpens", null, "5000");
        warmup = storebench.phase.WarmUp.Rule.of(s.get("bench.warmup", null, "steady"));
        trialHeapMb = trialHeapMb(s);
        hold = hold(s, stores);
        String againstValue = s.get("bench.against", null, "");
        against = againstValue.isBlank() ? Optional.empty() : Optional.of(Against.parse(againstValue));
        // a comparison is one engine under one setting unless more are asked for: both sides of each cost minutes
        settings = settings(s.get("bench.settings", null, against.isPresent() ? Setting.DEFAULT.id()
                : String.join(",", Setting.defaultIds())));
        root = resolve(s.get("bench.root", "BENCH_ROOT", "target/bench-data"));
        String maxLoadValue = s.get("bench.maxLoad", "BENCH_MAX_LOAD", "");
        maxLoad = maxLoadValue.isBlank() ? OptionalDouble.empty()
                : OptionalDouble.of(positiveDouble("bench.maxLoad", maxLoadValue, "a load average > 0, e.g. 1 or 1.5"));
        maxLoadWait = duration("bench.maxLoadWait", s.get("bench.maxLoadWait", null, "10m"));
        keep = bool("bench.keep", s.get("bench.keep", null, "false"));
        reuse = bool("bench.reuse", s.get("bench.reuse", null, "false"));
        thresholds = resolve(s.get("bench.thresholds", "BENCH_THRESHOLDS", "thresholds.yaml"));
        String baselineValue = s.get("bench.baseline", null, "");
        baseline = baselineValue.isBlank() ? Optional.empty() : Optional.of(resolve(baselineValue));
        trialTimeout = trialTimeout(s.get("bench.trialTimeout", null, "60m"));
        nodeCommand = s.get("bench.node", null, "node");
        String slowdownValue = s.get("bench.slowdown", null, "0");
        slowdown = "0".equals(slowdownValue.trim()) ? 0 : positiveDouble("bench.slowdown", slowdownValue,
                "a fraction > 0, e.g. 0.3 for 30% slower (a test knob; 0 = off)");
        lockWait = duration("bench.lockWait", s.get("bench.lockWait", null, "0"));
        baselineMismatchWarns = mismatchWarns(s);
        profile = bool("bench.profile", s.get("bench.profile", null, "false"));
        profilers = Profilers.parse(s.get("bench.profilers", null, ""));
        String resampleValue = s.get("bench.resample", null, "0");
        resample = "0".equals(resampleValue.trim()) ? 0 : positiveInt("bench.resample", resampleValue);
        againstSlowdown = againstSlowdown(s);
        againstPairs = new storebench.phase.AgainstSide.Pairs(Against.LEAST_PAIRS, positiveInt(s, "bench.againstPairs",
                null, "20"), Duration.ofMinutes(positiveInt(s, "bench.againstMinutes", null, "10")));
        checkAgainst();
        readPhaseOptions(s);
        for (Phase phase : phases) {
            engines.forEach(engine -> phase.check(engine, settings, this)); // an engine's limit, per setting
        }
        storebench.phase.Precision.check(this); // options that are valid alone may not be together
    }

    /** bench.notes and bench.noteChars are refused beside any workload but custom, where they would be ignored. */
    private static Workload workload(Source s) {
        String id = s.get("bench.workload", "BENCH_WORKLOAD", "large").trim();
        String notes = s.get("bench.notes", null, "");
        String chars = s.get("bench.noteChars", null, "");
        if (!Workload.CUSTOM.equals(id)) {
            if (!notes.isBlank() || !chars.isBlank()) {
                throw new IllegalArgumentException((notes.isBlank() ? "bench.noteChars" : "bench.notes") + " is given"
                        + " but bench.workload is '" + id + "': they size the custom workload only; give"
                        + " -Dbench.workload=custom with both, or neither");
            }
            return parse("bench.workload", id, Workload::of);
        }
        if (notes.isBlank() || chars.isBlank()) {
            throw new IllegalArgumentException("bench.workload=custom needs " + (notes.isBlank() ? "bench.notes (W, the"
                    + " notes per store)" : "bench.noteChars (C, the characters of each note)") + ", e.g."
                    + " -Dbench.notes=50 -Dbench.noteChars=2000");
        }
        return Workload.custom(wholeNumber("bench.notes", notes), wholeNumber("bench.noteChars", chars));
    }

    /** A whole number as given (its range is the workload's to check), or an error naming the option. */
    private static int wholeNumber(String name, String value) {
        try {
            return Integer.parseInt(value.trim());
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException(name + "='" + value + "' is not valid: give a whole number");
        }
    }

    private static int trialHeapMb(Source s) {
        int mb = positiveInt(s, "bench.trialHeapMb", null, String.valueOf(TrialCommands.HEAP_MB));
        if (mb < 32) {
            throw new IllegalArgumentException("bench.trialHeapMb=" + mb + " is too small for an engine's"
                    + " trial process: give 32 or more MiB (the default, " + TrialCommands.HEAP_MB + ", is what"
                    + " figures are taken with)");
        }
        return mb;
    }

    private double againstSlowdown(Source s) {
        String value = s.get("bench.againstSlowdown", null, "0");
        if ("0".equals(value.trim())) {
            return 0;
        }
        if (against.isEmpty()) {
            throw new IllegalArgumentException("bench.againstSlowdown=" + value + " slows side B of a comparison, and"
                    + " there is none: give bench.against too (e.g. -Dbench.against=setting:default for A against itself)");
        }
        return positiveDouble("bench.againstSlowdown", value, "a fraction > 0, e.g. 0.05 for 5% slower (0 = off)");
    }

    /** A comparison is of one engine's open runs, B's setting not among A's. */
    private void checkAgainst() {
        if (against.isEmpty()) {
            return;
        }
        Against a = against.get();
        if (engines.size() != 1) {
            throw new IllegalArgumentException("bench.against=" + a + " compares one engine: give it alone, e.g."
                    + " -Dbench.engines=sqlite -Dbench.against=" + a + " (bench.engines=" + enginesAsked + " names "
                    + engines.size() + ")");
        }
        if (!phases.contains(Phases.OPEN_RUNS)) {
            throw new IllegalArgumentException("bench.against=" + a + " compares the open runs: add openRuns to"
                    + " bench.phases (" + phasesAsked + ")");
        }
        if (!a.ofSetting() && engines.get(0).library().isEmpty()) {
            throw new IllegalArgumentException("bench.against=" + a + ": engine " + engines.get(0).id() + " has no"
                    + " library to swap; compare a setting instead (" + Against.SETTING_PREFIX + "tuned)");
        }
        if (a.ofSetting() && settings.stream().anyMatch(st -> st.id().equals(a.value()))) {
            throw new IllegalArgumentException("bench.against=" + a + " is side B's setting, and bench.settings ("
                    + settings.stream().map(Setting::id).collect(java.util.stream.Collectors.joining(","))
                    + ") has it as side A's too: give A's setting alone, e.g. -Dbench.settings=default");
        }
    }

    /** M: at most N, min(1,000, N) by default. */
    private static int hold(Source s, int stores) {
        int hold = positiveInt("bench.hold", s.get("bench.hold", null, String.valueOf(Math.min(1000, stores))));
        if (hold > stores) {
            throw new IllegalArgumentException("bench.hold=" + hold + " is larger than bench.stores=" + stores
                    + ": valid values are 1.." + stores + " (the stores held open are among those created)");
        }
        return hold;
    }

    private static boolean mismatchWarns(Source s) {
        String mismatch = s.get("bench.baselineMismatch", null, "fail").trim().toLowerCase(Locale.ROOT);
        if (!mismatch.equals("fail") && !mismatch.equals("warn")) {
            throw new IllegalArgumentException("bench.baselineMismatch='" + mismatch + "' is not valid: give fail (a"
                    + " baseline that cannot be compared stops the run) or warn (the run goes on, the comparison is"
                    + " not evaluated)");
        }
        return mismatch.equals("warn");
    }

    private void readPhaseOptions(Source s) {
        for (Phase phase : Phases.ALL) {
            for (PhaseOption<?> option : phase.options()) {
                String text = s.get(option.name(), null, option.fallback());
                phaseOptions.put(option, option.read(text));
                phaseOptionTexts.put(option.name(), text.trim());
            }
        }
    }

    @Override
    public <T> T option(PhaseOption<T> option) {
        if (!phaseOptions.containsKey(option)) {
            throw new IllegalArgumentException(option.name() + " is no registered phase's option (storebench.phase.Phases)");
        }
        @SuppressWarnings("unchecked") T value = (T) phaseOptions.get(option);
        return value;
    }

    /** Refuses {@code bench.*} and {@code BENCH_*} names no option reads: a misspelt option would go unseen. */
    public void refuseUnknown(java.util.Collection<String> properties, java.util.Collection<String> variables) {
        UnknownOptions.refusal(properties, variables, source.propertiesRead, source.variablesRead).ifPresent(why -> {
            throw new IllegalArgumentException(why);
        });
    }

    private Path resolve(String path) {
        Path p = Path.of(path);
        return (p.isAbsolute() ? p : projectDir.resolve(p)).normalize();
    }

    /** bench.phases' phases among the selected tests'; none in common is an error naming both. */
    private static List<Phase> phases(String asked, Optional<List<Phase>> selected) {
        List<Phase> named = parse("bench.phases", list("bench.phases", asked, ""), Phases::select);
        List<Phase> picked = selected.orElse(Phases.ALL);
        List<Phase> both = named.stream().filter(picked::contains).toList();
        if (both.isEmpty() && !picked.isEmpty()) {
            throw new IllegalArgumentException("bench.phases=" + asked + " and the phase tests selected ("
                    + picked.stream().map(Phase::id).collect(java.util.stream.Collectors.joining(", "))
                    + ") have no phase in common: give bench.phases the phases whose tests it.test names, or leave it"
                    + " out");
        }
        return both.equals(Phases.ALL) ? Phases.ALL : both;
    }

    private static List<Setting> settings(String value) {
        java.util.Set<Setting> chosen = new java.util.LinkedHashSet<>();
        for (String id : list("bench.settings", value, "valid settings: " + String.join(", ", Setting.ids()) + ", "
                + Setting.ALL)) {
            chosen.addAll(Setting.ALL.equals(id) ? List.of(Setting.values())
                    : List.of(parse("bench.settings", id, Setting::of)));
        }
        return List.copyOf(chosen);
    }

    private static List<String> list(String name, String value, String valid) {
        List<String> items = java.util.Arrays.stream(value.split(",")).filter(i -> !i.isBlank()).map(String::trim)
                .toList();
        if (items.isEmpty()) {
            throw new IllegalArgumentException(name + " is empty: give a comma-separated list; " + valid);
        }
        return items;
    }

    /** {@code value} as {@code parser} reads it (already trimmed), or its error naming the option. */
    private static <V, T> T parse(String name, V value, Function<V, T> parser) {
        try {
            return parser.apply(value);
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException(name + ": " + e.getMessage());
        }
    }

    private static int positiveInt(Source s, String name, String envName, String fallback) {
        return positiveInt(name + (envName != null && s.fromEnv(name, envName) ? " (" + envName + ")" : ""),
                s.get(name, envName, fallback));
    }

    private static int positiveInt(String name, String value) {
        try {
            return PhaseOption.wholeNumber(value, 1, "");
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException(name + "='" + value + "' is not valid: " + e.getMessage());
        }
    }

    private static double positiveDouble(String name, String value, String valid) {
        try {
            double d = Double.parseDouble(value.trim());
            if (d > 0 && Double.isFinite(d)) {
                return d;
            }
        } catch (NumberFormatException ignored) {
            // falls through
        }
        throw new IllegalArgumentException(name + "='" + value + "' is not valid: give " + valid);
    }

    private static boolean bool(String name, String value) {
        return switch (value.trim().toLowerCase(Locale.ROOT)) {
            case "true", "" -> true;
            case "false" -> false;
            default -> throw new IllegalArgumentException(name + "='" + value + "' is not valid: give true or false");
        };
    }

    /** The shortest and longest a trial process' request may take before it is taken to hang (bench.trialTimeout). */
    static final Duration LEAST_TRIAL_TIMEOUT = Duration.ofSeconds(1);
    static final Duration MOST_TRIAL_TIMEOUT = Duration.ofHours(24);

    /** bench.trialTimeout: below a second no trial process answers its first request; 0 would fail every trial. */
    private static Duration trialTimeout(String value) {
        Duration d;
        try {
            d = duration("bench.trialTimeout", value);
        } catch (IllegalArgumentException e) {
            d = null;
        }
        if (d == null || d.compareTo(LEAST_TRIAL_TIMEOUT) < 0 || d.compareTo(MOST_TRIAL_TIMEOUT) > 0) {
            throw new IllegalArgumentException("bench.trialTimeout='" + value + "' is not valid: give a duration from"
                    + " 1s to 24h, such as 90s, 10m or 1h: how long one request to a trial process may take before the"
                    + " process is taken to hang (the default is 60m)");
        }
        return d;
    }

    /** "90s", "10m", "1h" or plain seconds. */
    static Duration duration(String name, String value) {
        String v = value.trim().toLowerCase(Locale.ROOT);
        if (v.startsWith("-")) {
            throw new IllegalArgumentException(name + "='" + value + "' is not valid: a duration cannot be negative;"
                    + " give one such as 90s, 10m or 1h");
        }
        String unit = v.endsWith("ms") ? "ms" : v.endsWith("s") || v.endsWith("m") || v.endsWith("h")
                ? v.substring(v.length() - 1) : "";
        try {
            long n = Long.parseLong(v.substring(0, v.length() - unit.length()));
            Duration d = switch (unit) {
                case "ms" -> Duration.ofMillis(n);
                case "m" -> Duration.ofMinutes(n);
                case "h" -> Duration.ofHours(n);
                default -> Duration.ofSeconds(n);
            };
            d.toMillis(); // the run waits in milliseconds: a longer duration is past the range
            return d;
        } catch (NumberFormatException | ArithmeticException e) {
            throw new IllegalArgumentException(name + "='" + value + "' is not valid: give a duration such as 90s,"
                    + String.format(Locale.US, " 10m or 1h (a plain number means seconds), at most %,dh",
                    Duration.ofMillis(Long.MAX_VALUE).toHours()));
        }
    }

    /** Property first, then environment variable, then the default. */
    private record Source(Function<String, String> properties, Function<String, String> env,
                          java.util.Set<String> propertiesRead, java.util.Set<String> variablesRead) {
        Source(Function<String, String> properties, Function<String, String> env) {
            this(properties, env, new java.util.HashSet<>(), new java.util.HashSet<>());
        }

        String get(String property, String envName, String fallback) {
            propertiesRead.add(property);
            if (envName != null) {
                variablesRead.add(envName);
            }
            String v = properties.apply(property);
            if (v == null && envName != null) {
                v = env.apply(envName);
            }
            return v == null ? fallback : v;
        }

        boolean fromEnv(String property, String envName) {
            return properties.apply(property) == null && env.apply(envName) != null;
        }
    }
}
