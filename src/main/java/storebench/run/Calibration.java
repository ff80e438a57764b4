package storebench.run;

import com.fasterxml.jackson.databind.JsonNode;
import storebench.phase.Phases;
import storebench.results.ResultsFile;
import storebench.results.RunLine;
import storebench.results.RunResults;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.OptionalDouble;

/**
 * The plan's estimate calibrated to the machine (docs/measuring.md, "The machine"): a kept step's seconds times this
 * machine's yardstick over the kept run's. No other probe predicts a step better (docs/runs.md, "The plan that knows
 * its machine (2026-12-05, issue 53)"): the fault, sync and mapping are shown and scale nothing. A ratio is held within
 * [{@link #LEAST}, {@link #MOST}], so a probe taken in a stall cannot make the plan absurd.
 */
public record Calibration(MachineProbe probe, Map<String, MachineProbe> kept, String why) {
    /** The probes, by the field environment.json's {@code machine} gives them. */
    public enum Kind {
        FAULT("faultNs", "minor fault", "ns"), MAPPING("mapUs", "100-page mapping", "µs"),
        SYNC("syncMs", "4 KiB write + fdatasync", "ms"), YARDSTICK("yardMs", "yardstick", "ms");

        public final String field;
        public final String what;
        public final String unit;

        Kind(String field, String what, String unit) {
            this.field = field;
            this.what = what;
            this.unit = unit;
        }
    }

    static final double LEAST = 0.2;
    static final double MOST = 5;
    public static final Calibration NONE = new Calibration(null, Map.of(), "not calibrated");

    public Calibration {
        kept = Map.copyOf(kept);
    }

    /** This machine's probe against the kept runs' figures, read from {@code keptRuns} by their names. */
    public static Calibration of(MachineProbe probe, Path keptRuns, List<String> runs) {
        Map<String, MachineProbe> kept = new LinkedHashMap<>();
        for (String run : runs) {
            Path dir = keptRuns.resolve(run);
            try {
                JsonNode env = ResultsFile.JSON.readTree(dir.resolve("environment.json").toFile());
                List<JsonNode> lines = Files.isRegularFile(dir.resolve(ResultsFile.NAME))
                        ? ResultsFile.read(dir.resolve(ResultsFile.NAME)) : List.of();
                kept.put(run, MachineProbe.ofKept(new RunResults(lines, env)));
            } catch (IOException | RuntimeException e) {
                // a kept run whose files are not here (a build without docs/): its steps stay as kept
            }
        }
        return new Calibration(probe, kept, kept.isEmpty() ? "the kept runs' environment.json are not under "
                + keptRuns : "");
    }

    /** How much longer a step kept from {@code run} takes here: this machine's yardstick over the run's. */
    public double scale(String run) {
        MachineProbe then = kept.get(run);
        if (probe == null || then == null) {
            return 1;
        }
        OptionalDouble r = ratio(then, Kind.YARDSTICK);
        return r.isPresent() ? Math.max(LEAST, Math.min(MOST, r.getAsDouble())) : 1;
    }

    private OptionalDouble ratio(MachineProbe then, Kind kind) {
        OptionalDouble now = probe.of(kind);
        OptionalDouble was = then.of(kind);
        return now.isPresent() && was.isPresent() ? OptionalDouble.of(now.getAsDouble() / was.getAsDouble())
                : OptionalDouble.empty();
    }

    public boolean calibrated() {
        return probe != null && !kept.isEmpty();
    }

    /** The probe and each ratio against {@code main}, the kept run most of the estimate came from. */
    List<String> lines(String main) {
        if (!calibrated()) {
            return List.of("[storebench]   machine: " + why + "; the kept runs' seconds as they were");
        }
        MachineProbe then = kept.get(main);
        List<String> out = new java.util.ArrayList<>();
        out.add("[storebench]   machine probe (seconds, at plan time) against the kept run " + main
                + " (most of the estimate's seconds), the scale each kind of work gets:");
        for (Kind k : Kind.values()) {
            String here = probe.of(k).isPresent() ? fmt(probe.of(k).getAsDouble()) + " " + k.unit : "not measured";
            String there = then != null && then.of(k).isPresent() ? fmt(then.of(k).getAsDouble()) + " " + k.unit
                    : "not recorded";
            String scale = then == null ? "" : ratio(then, k).isPresent() ? String.format(Locale.ROOT, " (x%.2f)",
                    ratio(then, k).getAsDouble()) : "";
            out.add(String.format(Locale.ROOT, "[storebench]     %-24s here %s, kept %s%s%s", k.what, here, there, scale,
                    k == Kind.YARDSTICK ? ": scales every step" : ": shown, scales nothing"));
        }
        return out;
    }

    /** The plan's {@code calibration}: the probe, the kept run most of the estimate came from and its figures. */
    RunLine.Calibration json(String main) {
        if (!calibrated()) {
            return new RunLine.Calibration(null, null, null, null, why);
        }
        MachineProbe then = kept.get(main);
        Map<String, Double> scale = new LinkedHashMap<>();
        Phases.ALL.forEach(p -> scale.put(p.id(), Math.round(scale(main) * 1000) / 1000.0));
        return new RunLine.Calibration(probe.figures(), main, then == null ? null : then.figures(), scale, null);
    }

    private static String fmt(double v) {
        return String.format(Locale.ROOT, v >= 100 ? "%,.0f" : v >= 1 ? "%.2f" : "%.4f", v);
    }
}
