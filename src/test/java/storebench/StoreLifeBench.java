package storebench;

import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;
import org.junit.jupiter.api.TestReporter;
import org.junit.jupiter.params.Parameter;
import org.junit.jupiter.params.ParameterizedClass;
import org.junit.jupiter.params.provider.ArgumentsSource;
import storebench.junit.Trials;
import storebench.results.Stat;
import storebench.run.Trial;

import java.util.LinkedHashMap;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.abort;

/**
 * The life of a store, one phase per test, for every engine and setting the options choose (bench.engines,
 * bench.settings). Run one engine from an IDE with the VM option -Dbench.engines=sqlite.
 */
@ParameterizedClass(name = "{0}")
@ArgumentsSource(Trials.class)
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class StoreLifeBench {
    @Parameter
    Trial trial;

    @BeforeEach
    void engineCanRunHere() throws Exception {
        trial.unavailable().ifPresent(why -> abort(trial + " not measured: " + why));
    }

    @Test
    @Order(1)
    void create(TestReporter reporter) throws Exception {
        Map<String, Double> stats = trial.create();
        if (trial.createdStores() == 0) {
            abort("create not measured: all " + trial.reusedStores() + " stores were reused (bench.reuse)");
        }
        assertThat(stats.get(Stat.CREATE_MS.id())).as("create_ms").isPositive();
        assertThat(stats.get(Stat.STORES_PER_S.id())).as("stores_per_s").isPositive();
        publish(reporter, stats);
    }

    @Test
    @Order(2)
    void openRuns(TestReporter reporter) throws Exception {
        Map<String, Double> stats = trial.openRuns();
        assertThat(stats.get(Stat.OPEN_MS.id())).as("open_ms").isPositive();
        assertThat(stats.get(Stat.COUNT_MS.id())).as("count_ms").isPositive();
        assertThat(stats.get(Stat.OQC_P99_MS.id())).as("oqc_p99_ms").isGreaterThanOrEqualTo(stats.get(Stat.OQC_MS.id()));
        publish(reporter, stats);
    }

    @Test
    @Order(3)
    void memory(TestReporter reporter) throws Exception {
        Map<String, Double> stats = trial.memory();
        assertThat(stats.values()).as("memory per open store").allSatisfy(v -> assertThat(v).isFinite());
        publish(reporter, stats);
    }

    @Test
    @Order(4)
    void disk(TestReporter reporter) throws Exception {
        Map<String, Double> stats = trial.disk();
        assertThat(stats.get(Stat.DISK_KB.id())).as("disk_kb").isPositive();
        assertThat(stats.get(Stat.DISK_ALLOC_KB.id())).as("disk_alloc_kb").isPositive();
        publish(reporter, stats);
    }

    private void publish(TestReporter reporter, Map<String, Double> stats) {
        Map<String, String> entries = new LinkedHashMap<>();
        stats.forEach((k, v) -> entries.put(k, String.format(java.util.Locale.ROOT, "%.3f", v)));
        reporter.publishEntry(entries);
    }
}
