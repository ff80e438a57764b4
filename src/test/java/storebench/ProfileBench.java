package storebench;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;
import org.junit.jupiter.api.TestMethodOrder;
import org.junit.jupiter.api.extension.BeforeAllCallback;
import org.junit.jupiter.api.extension.RegisterExtension;
import storebench.engine.EngineDescriptor;
import storebench.junit.Trials;
import storebench.profile.ProfileRun;
import storebench.run.Bench;
import storebench.profile.SyncProbe;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.abort;

/**
 * Where the time goes (issue 5): create profile on disk and tmpfs, disk syncs, warm and cold opens, JFR top
 * frames, for every engine the options choose. Runs only with {@code -Dbench.profile=true}; writes its figures to
 * results.jsonl (kind "profile") and the report section to target/bench/profile.md.
 */
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class ProfileBench {
    static final String PROPERTY = "bench.profile";
    private static ProfileRun run;

    private static List<EngineDescriptor> engines = List.of();

    /** Starts the profile on the run's bench (JUnit injects no ExtensionContext into lifecycle methods). */
    @RegisterExtension
    static final BeforeAllCallback START = context -> {
        String on = context.getConfigurationParameter(PROPERTY).orElse(System.getProperty(PROPERTY, "false"));
        if (!Boolean.parseBoolean(on)) {
            abort("profiling not requested: run with -D" + PROPERTY + "=true");
        }
        Bench bench = Trials.bench(context);
        engines = bench.options().engines;
        run = ProfileRun.start(bench, System.out);
    };

    @Test
    @Order(1)
    void rootSyncLatency() throws Exception {
        Map<String, SyncProbe.Latency> latency = run.rootSyncLatency();
        assertThat(latency.get("disk").medianMs()).as("fdatasync median on the bench root").isPositive();
    }

    @TestFactory
    @Order(2)
    Stream<DynamicTest> profiles() {
        return engines.stream().map(engine -> DynamicTest.dynamicTest(engine.id(),
                () -> profile(engine)));
    }

    private static void profile(EngineDescriptor engine) throws Exception {
        run.unavailable(engine).ifPresent(why -> abort(engine.id() + " not profiled: " + why));
        run.profile(engine);
    }

    @AfterAll
    static void finish() throws Exception {
        if (run != null) {
            try {
                Path section = run.writeSection();
                System.out.println("[storebench] profile section: " + section);
            } finally {
                run.close();
            }
        }
    }
}
