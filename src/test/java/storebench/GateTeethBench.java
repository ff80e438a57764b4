package storebench;

import storebench.phase.Phases;

import storebench.engine.SqliteEngine;

import org.junit.jupiter.api.Test;
import storebench.engine.EngineDescriptor;
import storebench.gate.Gate;
import storebench.gate.Thresholds;
import storebench.results.Verdict;
import storebench.run.BenchOptions;
import storebench.results.RunResults;
import storebench.results.Stat;
import storebench.run.Bench;
import storebench.run.Trial;
import storebench.model.Setting;

import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Collectors;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/**
 * Proves the regression gate's teeth with real runs (about 2 minutes, so only with -Dbench.gateTeeth=true):
 * three normal runs of 200 stores compared with each other raise no violation; a run whose engine work is made
 * 30% slower inside the timed region (bench.slowdown=0.3) fails the baseline comparison, naming the rule.
 * Results go to target/gate-teeth/, not to the run's target/bench/.
 */
class GateTeethBench {
    private static final Path THRESHOLDS = Path.of("src/test/resources/gate/teeth.yaml");

    @Test
    void catchesA30PercentSlowdownAndStaysQuietOnNormalRuns() throws Exception {
        assumeTrue(Boolean.getBoolean("bench.gateTeeth"), "runs only with -Dbench.gateTeeth=true (about 2 minutes)");
        Path project = Path.of(System.getProperty("bench.projectDir", System.getProperty("user.dir")));
        Path base = project.resolve("target/gate-teeth");
        Thresholds thresholds = Thresholds.load(project.resolve(THRESHOLDS), Phases.stats());
        List<RunResults> normal = List.of(run(base.resolve("normal-1"), 0), run(base.resolve("normal-2"), 0),
                run(base.resolve("normal-3"), 0));
        RunResults slowed = run(base.resolve("slowed"), 0.3);

        for (int a = 0; a < normal.size(); a++) {
            for (int b = 0; b < normal.size(); b++) {
                if (a != b) {
                    assertThat(messages(failures(thresholds, normal.get(b), normal.get(a))))
                            .as("normal run %d against normal run %d as baseline", b + 1, a + 1).isEmpty();
                }
            }
        }
        List<Verdict> slowedVerdicts = Gate.evaluate(thresholds, slowed, Optional.of(normal.get(0)));
        List<Verdict> caught = failed(slowedVerdicts);
        caught.forEach(v -> System.out.println("[storebench] gate teeth: " + v.message()));
        // When it is not caught, the verdicts say why: a 30% change within the runs' noise passes by the gate's rule,
        // and then this machine is too noisy for the bar (docs/measuring.md, "Noise").
        assertThat(caught)
                .as("30%% slower against a normal baseline should fail the baseline comparison; the open-run"
                        + " verdicts were:%n%s", String.join("\n", messages(slowedVerdicts.stream()
                                .filter(v -> !Verdict.ANY.equals(v.stat()) && Phases.stat(v.stat()).hasSpread())
                                .collect(Collectors.toList()))))
                .isNotEmpty()
                .allSatisfy(v -> {
                    assertThat(v.kind()).isEqualTo(Verdict.Kind.BASELINE);
                    assertThat(Phases.stat(v.stat()).hasSpread()).as("an open-run statistic: %s", v.message()).isTrue();
                    assertThat(v.message()).contains(v.rule()).contains(THRESHOLDS.getFileName().toString() + ":");
                    assertThat(v.line()).isPositive();
                });
    }

    private static List<Verdict> failures(Thresholds thresholds, RunResults now, RunResults baseline) {
        return failed(Gate.evaluate(thresholds, now, Optional.of(baseline)));
    }

    private static List<Verdict> failed(List<Verdict> verdicts) {
        return verdicts.stream().filter(v -> v.status() == Verdict.Status.FAIL).collect(Collectors.toList());
    }

    private static List<String> messages(List<Verdict> verdicts) {
        return verdicts.stream().map(Verdict::message).collect(Collectors.toList());
    }

    private static RunResults run(Path out, double slowdown) throws Exception {
        Map<String, String> p = new HashMap<>();
        p.put("bench.projectDir", System.getProperty("bench.projectDir", System.getProperty("user.dir")));
        p.put("bench.out", out.toString());
        p.put("bench.root", out.resolveSibling("bench-data").toString());
        p.put("bench.engines", "sqlite");
        p.put("bench.settings", "default");
        p.put("bench.stores", "200");
        p.put("bench.runs", "5"); // the median of 5 runs shrugs off one slow run, which 3 cannot
        p.put("bench.thresholds", THRESHOLDS.toString());
        if (slowdown > 0) {
            p.put("bench.slowdown", String.valueOf(slowdown));
        }
        try (Bench bench = Bench.start(BenchOptions.from(p::get, System::getenv), System.out)) {
            Trial trial = bench.trial(SqliteEngine.DESCRIPTOR, Setting.DEFAULT);
            trial.measure(Phases.CREATE);
            trial.measure(Phases.OPEN_RUNS);
        }
        return RunResults.load(out);
    }
}
