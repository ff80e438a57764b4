package storebench;

import storebench.phase.Phases;

import storebench.engine.SqliteEngine;

import org.junit.jupiter.api.Test;
import storebench.gate.Gate;
import storebench.gate.Thresholds;
import storebench.gate.Verdict;
import storebench.run.BenchOptions;
import storebench.results.RunResults;
import storebench.run.Bench;
import storebench.run.Trial;
import storebench.run.TrialClasspath;
import storebench.model.Setting;

import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/**
 * Proves the regression gate's teeth with real runs (about 10 minutes, so only with -Dbench.gateTeeth=true), as one
 * sitting compares: SQLite at the project's sqlite-jdbc against the same version (bench.against, an A/A control) must
 * read "no change" for open-query-close, its B/A interval within the committed tolerance (thresholds.yaml's against:,
 * 3%); the same with side B made 5% slower inside the timed region (bench.againstSlowdown=0.05) must fail, naming the
 * statistic, the ratio and its interval. 1,000 stores, the scale the tolerance was sized at. Results go to
 * target/gate-teeth/, not to the run's target/bench/.
 */
class GateTeethBench {
    private static final Path THRESHOLDS = Path.of("thresholds.yaml");
    private static final Pattern SQLITE_JDBC = Pattern.compile("sqlite-jdbc-([0-9][0-9.]*)\\.jar");

    @Test
    void catchesAFivePercentSlowerSideBAndStaysQuietOnTheSameVersion() throws Exception {
        assumeTrue(Boolean.getBoolean("bench.gateTeeth"), "runs only with -Dbench.gateTeeth=true (about 10 minutes)");
        Path project = Path.of(System.getProperty("bench.projectDir", System.getProperty("user.dir")));
        Path base = project.resolve("target/gate-teeth");
        Thresholds thresholds = Thresholds.load(project.resolve(THRESHOLDS), Phases.stats());
        Matcher version = SQLITE_JDBC.matcher(TrialClasspath.find());
        assertThat(version.find()).as("sqlite-jdbc's jar on the trial classpath").isTrue();

        List<Verdict> same = against(thresholds, run(base.resolve("same"), version.group(1), 0));
        same.forEach(v -> System.out.println("[storebench] gate teeth, A/A: " + v.message()));
        assertThat(same).as("the same version against itself").isNotEmpty()
                .allSatisfy(v -> assertThat(v.status()).as(v.message()).isEqualTo(Verdict.Status.PASS));

        List<Verdict> slowed = against(thresholds, run(base.resolve("slowed"), version.group(1), 0.05));
        slowed.forEach(v -> System.out.println("[storebench] gate teeth, B 5% slower: " + v.message()));
        assertThat(slowed).filteredOn(v -> v.stat().equals("oqc_ms")).singleElement().satisfies(v -> {
            assertThat(v.status()).as(v.message()).isEqualTo(Verdict.Status.FAIL);
            assertThat(v.message()).contains("oqc_ms").contains("B/A").contains("worse")
                    .contains(THRESHOLDS.getFileName().toString() + ":");
        });
    }

    private static List<Verdict> against(Thresholds thresholds, RunResults run) {
        return Gate.evaluate(thresholds, run, Optional.empty()).stream()
                .filter(v -> v.kind() == Verdict.Kind.AGAINST).collect(Collectors.toList());
    }

    private static RunResults run(Path out, String version, double slowdown) throws Exception {
        Map<String, String> p = new HashMap<>();
        p.put("bench.projectDir", System.getProperty("bench.projectDir", System.getProperty("user.dir")));
        p.put("bench.out", out.toString());
        p.put("bench.root", out.resolveSibling("bench-data").toString());
        p.put("bench.engines", "sqlite");
        p.put("bench.settings", "default");
        p.put("bench.stores", "1000");
        p.put("bench.phases", "openRuns");
        p.put("bench.against", version);
        p.put("bench.thresholds", THRESHOLDS.toString());
        if (slowdown > 0) {
            p.put("bench.againstSlowdown", String.valueOf(slowdown));
        }
        try (Bench bench = Bench.start(new BenchOptions(p::get, System::getenv, Optional.empty()), System.out, Bench.AfterRun.NOTHING)) {
            Trial trial = bench.trial(SqliteEngine.DESCRIPTOR, Setting.DEFAULT);
            trial.measure(Phases.OPEN_RUNS);
        }
        return RunResults.load(out);
    }
}
