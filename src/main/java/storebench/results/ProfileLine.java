package storebench.results;

import com.fasterxml.jackson.databind.JsonNode;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalDouble;

/**
 * A profile line: what -Dbench.profile=true's phases measured (a root's sync latency, the create step by step, warm
 * against cold opens, noise over time), what a profiler found in a process it watched (sync calls, top frames), or why
 * it could not watch. {@link #profile} names which; {@link #figures} holds its figures.
 *
 * @param column      the trial's column (empty ids on a root's line)
 * @param scope       what it measured: workload, stores per engine, and the root where the line names one
 * @param watch       who watched, on a profiler's finding
 * @param profilers   the profilers a figure of the profile's own phases was taken under
 * @param unavailable why it was not measured or watched, where it was not
 */
public record ProfileLine(String profile, Column column, Scope scope, Watch watch, Optional<List<String>> profilers,
                          Optional<String> unavailable, Figures figures) {
    public static final String KIND = "profile";
    /** A root's own sync latency (write 4 KiB + fdatasync). */
    public static final String ROOT_SYNC = "rootsync";
    public static final String CREATE = "create";
    /** The sync calls strace counted. */
    public static final String SYNCS = "syncs";
    /** The top frames JFR or --cpu-prof sampled. */
    public static final String FRAMES = "frames";
    public static final String WARM_COLD = "warmcold";
    /** The same warm open run back to back in one process. */
    public static final String NOISE = "noise";
    /** A profiler that could not watch an engine's phase. */
    public static final String UNAVAILABLE = "unavailable";

    /** What a line measured: workload, stores per engine, and the root ("disk", "tmpfs"; "" where none). */
    public record Scope(String workload, int stores, String root) {
    }

    /** Who watched: the profiler, the bench phase and process it watched, the op of its requests. */
    public record Watch(String profiler, Optional<String> benchPhase, String process, Optional<String> op) {
    }

    /** A kind's own figures: one record per kind of profile line, {@link None} for a kind that has none. */
    public sealed interface Figures permits RootSync, CreateSteps, Syncs, Frames, WarmColdLine, NoiseLine, None {
    }

    /** A root's own sync latency: where it is, rounds of 4 KiB write + fdatasync, median and p90 ms. */
    public record RootSync(String rootPath, String fsType, String mountOptions, int rounds,
                           OptionalDouble fdatasyncMedianMs, double fdatasyncP90Ms) implements Figures {
    }

    /** The create step by step: each step's median ms per store (where measured) and the load at its start. */
    public record CreateSteps(Optional<Steps> stepsMs, OptionalDouble load1AtStart) implements Figures {
    }

    /** The create's steps, median ms per store each (0 where the line leaves one out). */
    public record Steps(double open, double build, double put, double close, double total) {
        /** A step by its name in the line ("open", "build", "put", "close", "total"). */
        public double of(String step) {
            return switch (step) {
                case "open" -> open;
                case "build" -> build;
                case "put" -> put;
                case "close" -> close;
                case "total" -> total;
                default -> throw new IllegalArgumentException("no create step '" + step + "'");
            };
        }
    }

    /** strace's sync calls: items made or visited, each call's count, per item, the root's fdatasync median. */
    public record Syncs(int items, Map<String, Calls> calls, OptionalDouble callsPerItem, double syncMsPerItem,
                        OptionalDouble rootFdatasyncMedianMs) implements Figures {
    }

    /** Calls of one system call: how many, how many failed, their time in ms. */
    public record Calls(int count, int failed, double ms) {
    }

    /** The top frames: the loop sampled, samples, frames, period, the profiler's note on its frames. */
    public record Frames(String phase, int samples, List<Frame> top, Optional<String> samplingPeriod,
                         Optional<String> note) implements Figures {
    }

    /** A frame on top of the stack: its name, "java", "native" or "js", its samples and share of the samples. */
    public record Frame(String frame, String kind, int samples, double share) {
    }

    /** The figures of a kind that has none of its own (a profiler unavailable) or that this build does not know. */
    public record None() implements Figures {
    }

    public static boolean is(JsonNode line) { return KIND.equals(line.path("kind").asText()); }

    public static ProfileLine of(JsonNode line) {
        String profile = line.path("profile").asText();
        Scope scope = new Scope(line.path("workload").asText(), line.path("stores").asInt(), line.path("root").asText());
        Watch watch = new Watch(line.path("profiler").asText(), text(line, "benchPhase"), line.path("process").asText(),
                text(line, "op"));
        Optional<List<String>> profilers = line.has("profilers")
                ? Optional.of(RunLine.texts(line.path("profilers"))) : Optional.empty();
        return new ProfileLine(profile, Column.of(line), scope, watch, profilers, text(line, "unavailable"),
                figures(profile, line));
    }

    private static Figures figures(String profile, JsonNode l) {
        return switch (profile) {
            case ROOT_SYNC -> new RootSync(l.path("rootPath").asText(), l.path("fsType").asText(),
                    l.path("mountOptions").asText(), l.path("rounds").asInt(), number(l, "fdatasyncMedianMs"),
                    l.path("fdatasyncP90Ms").asDouble());
            case CREATE -> new CreateSteps(l.has("stepsMs") ? Optional.of(steps(l.get("stepsMs"))) : Optional.empty(),
                    number(l, "load1AtStart"));
            case SYNCS -> syncs(l);
            case FRAMES -> frames(l);
            case WARM_COLD -> ResultsFile.as(l, WarmColdLine.class);
            case NOISE -> ResultsFile.as(l, NoiseLine.class);
            default -> new None();
        };
    }

    private static Steps steps(JsonNode s) {
        return new Steps(s.path("open").asDouble(), s.path("build").asDouble(), s.path("put").asDouble(),
                s.path("close").asDouble(), s.path("total").asDouble());
    }

    private static Syncs syncs(JsonNode l) {
        Map<String, Calls> calls = new LinkedHashMap<>();
        l.path("calls").fields().forEachRemaining(c -> calls.put(c.getKey(), new Calls(c.getValue().path("count")
                .asInt(), c.getValue().path("failed").asInt(), c.getValue().path("ms").asDouble())));
        return new Syncs(l.path("items").asInt(), calls, number(l, "callsPerItem"), l.path("syncMsPerItem").asDouble(),
                number(l, "rootFdatasyncMedianMs"));
    }

    private static Frames frames(JsonNode l) {
        List<Frame> top = java.util.stream.StreamSupport.stream(l.path("top").spliterator(), false).map(f -> new Frame(
                f.path("frame").asText(), f.path("kind").asText(), f.path("samples").asInt(),
                f.path("share").asDouble())).toList();
        return new Frames(l.path("phase").asText(), l.path("samples").asInt(), top, text(l, "samplingPeriod"),
                text(l, "note"));
    }

    /** A field's text where the line has the field (its presence is what the report tests). */
    private static Optional<String> text(JsonNode line, String field) {
        return line.has(field) ? Optional.of(line.get(field).asText()) : Optional.empty();
    }

    private static OptionalDouble number(JsonNode line, String field) {
        return line.has(field) ? OptionalDouble.of(line.get(field).asDouble()) : OptionalDouble.empty();
    }

    /** Its figures as a kind's record, where this line is of that kind. */
    private <F extends Figures> Optional<F> figures(Class<F> kind) {
        return kind.isInstance(figures) ? Optional.of(kind.cast(figures)) : Optional.empty();
    }

    public Optional<RootSync> rootSync() { return figures(RootSync.class); }

    public Optional<CreateSteps> createSteps() { return figures(CreateSteps.class); }

    public Optional<Syncs> syncs() { return figures(Syncs.class); }

    public Optional<Frames> frames() { return figures(Frames.class); }

    public Optional<WarmColdLine> warmCold() { return figures(WarmColdLine.class); }

    public Optional<NoiseLine> noise() { return figures(NoiseLine.class); }

    /** Whether its figures were taken under profilers: they are theirs then, slowed by them, not the profile's. */
    public boolean underProfilers() { return profilers.isPresent(); }
}
