package storebench.run;

import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import storebench.results.RunResults;

import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.offset;

/**
 * The plan calibrated to the machine: each kept step's seconds times this machine's probe over the kept run's, the
 * probe matching the step's work; a real probe measures all four prices; a kept run's figures come from its files.
 */
class CalibrationTest {
    private static final Path PROJECT = Path.of(System.getProperty("bench.projectDir", System.getProperty("user.dir")));
    private static final CostTable TABLE = RunPlan.builtTable();
    private static final BenchOptions ALL = new BenchOptions(Map.of("bench.phases", "all")::get, env -> null, Optional.empty());

    @TempDir
    Path tmp;

    /** Every kept run at {@code kept}'s figures, this machine at {@code here}'s. */
    private static Calibration calibration(MachineProbe here, MachineProbe kept) {
        Map<String, MachineProbe> runs = new HashMap<>();
        TABLE.runs().forEach(r -> runs.put(r.name(), kept));
        return new Calibration(here, runs, "");
    }

    private static double op(RunPlan plan, String op) {
        return plan.items().stream().mapToDouble(i -> i.opsWallS().getOrDefault(op, 0.0)).sum();
    }

    @Test
    void eachPhaseScalesByTheProbeOfItsWork() {
        MachineProbe kept = new MachineProbe(10_000, 300, 1.0, 0.020);
        // faults twice as dear, syncs three times, the yardstick half
        MachineProbe here = new MachineProbe(20_000, 300, 3.0, 0.010);
        RunPlan asKept = new RunPlan(ALL, TABLE, Calibration.NONE);
        RunPlan scaled = new RunPlan(ALL, TABLE, calibration(here, kept));

        assertThat(op(scaled, "openrun")).isCloseTo(op(asKept, "openrun") * 0.5, offset(0.01));
        assertThat(op(scaled, "create")).as("a create's time is not the 4 KiB sync's").isCloseTo(
                op(asKept, "create") * 0.5, offset(0.01));
        assertThat(op(scaled, "hold")).isCloseTo(op(asKept, "hold") * 0.5, offset(0.01));
        assertThat(op(scaled, "capacity")).as("a dearer fault does not make capacity dearer: its time is not faults'")
                .isCloseTo(op(asKept, "capacity") * 0.5, offset(0.01));
        assertThat(scaled.estimateS()).isLessThan(asKept.estimateS() * 3).isGreaterThan(asKept.estimateS() * 0.5);
    }

    @Test
    void everyPhaseScalesByTheYardstickAndARatioIsHeldInBounds() {
        MachineProbe kept = new MachineProbe(Double.NaN, 300, Double.NaN, 0.020);
        Calibration c = calibration(new MachineProbe(20_000, 300, 3.0, 0.030), kept);
        String run = TABLE.runs().get(0).name();

        assertThat(c.scale(run)).isCloseTo(1.5, offset(1e-9));
        assertThat(calibration(new MachineProbe(1, 1, 1, 10), kept).scale(run))
                .isEqualTo(Calibration.MOST);
        assertThat(c.scale("a run nobody kept")).isEqualTo(1);
        assertThat(Calibration.NONE.scale(run)).isEqualTo(1);
    }

    @Test
    void thePlanPrintsTheProbeTheKeptRunsFiguresAndTheScale() {
        RunPlan plan = new RunPlan(ALL, TABLE, calibration(new MachineProbe(5_000, 150, 2.0, 0.010),
                new MachineProbe(10_000, 300, 1.0, 0.020)));

        List<String> lines = plan.lines();
        assertThat(lines).anyMatch(l -> l.contains("machine probe") && l.contains(plan.mainRun()));
        assertThat(lines).anyMatch(l -> l.contains("minor fault") && l.contains("here 5,000 ns, kept 10,000 ns (x0.50)")
                && l.contains("scales nothing"));
        assertThat(lines).anyMatch(l -> l.contains("yardstick") && l.contains("(x0.50)") && l.contains("every step"));
        assertThat(plan.json().calibration().orElseThrow().scale().get("create")).isEqualTo(0.5);
        assertThat(plan.machine()).hasValueSatisfying(m -> assertThat(m.get("syncMs")).isEqualTo(2.0));
    }

    @Test
    void aRealProbeMeasuresAllFourPrices() {
        MachineProbe p = MachineProbe.measure(tmp.resolve("not-yet/made")); // the nearest folder that exists
        assertThat(p.faultNs()).isPositive().isLessThan(1e6);
        assertThat(p.mapUs()).isPositive();
        assertThat(p.syncMs()).isPositive();
        assertThat(p.yardMs()).isPositive().isLessThan(50);
        assertThat(tmp.toFile().list()).as("the probe's scratch files are gone").isEmpty();
    }

    @Test
    void aKeptRunsFiguresComeFromItsEnvironmentAndItsYardsticks() throws Exception {
        Path run = PROJECT.resolve("docs/runs/1000/reference-9aa6e28");
        MachineProbe kept = MachineProbe.ofKept(RunResults.load(run));
        // environment.json's mapping: a fault 10,430 ns, a mapping 328.714 µs; no root sync probe in that run
        assertThat(kept.faultNs()).isEqualTo(10430.0);
        assertThat(kept.mapUs()).isEqualTo(328.714);
        assertThat(kept.syncMs()).isNaN();
        assertThat(kept.yardMs()).isPositive().isLessThan(1);

        Calibration c = Calibration.of(new MachineProbe(5215, 328.714, 1, kept.yardMs() / 2),
                PROJECT.resolve("docs/runs"), List.of("1000/reference-9aa6e28"));
        assertThat(c.calibrated()).isTrue();
        assertThat(c.scale("1000/reference-9aa6e28")).isCloseTo(0.5, offset(1e-9));
    }
}
