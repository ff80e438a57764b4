package storebench;

import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;
import org.junit.jupiter.api.TestMethodOrder;
import org.junit.jupiter.api.extension.ExtendWith;
import storebench.junit.ProfileRunResolver;
import storebench.junit.StoreBenchExtension;
import storebench.profile.ProfileRun;
import storebench.profile.SyncProbe;
import storebench.run.Bench;

import java.util.Map;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.abort;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/**
 * Where the time goes: create profile on disk and tmpfs, disk syncs, warm and cold opens, JFR top frames, for every
 * engine the options choose. Runs only with {@code -Dbench.profile=true}; writes its figures to results.jsonl (kind
 * "profile") and its section to target/bench/profile.md when the class ends.
 */
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
@ExtendWith({StoreBenchExtension.class, ProfileRunResolver.class})
class ProfileBench {

    @BeforeAll
    static void profilingRequested(Bench bench) {
        assumeTrue(bench.options().profile, "profiling not requested: run with -Dbench.profile=true");
    }

    @Test
    @Order(1)
    void rootSyncLatency(ProfileRun run) throws Exception {
        Map<String, SyncProbe.Latency> latency = run.rootSyncLatency();
        assertThat(latency.get("disk").medianMs()).as("fdatasync median on the bench root").isPositive();
    }

    @TestFactory
    @Order(2)
    Stream<DynamicTest> profiles(ProfileRun run, Bench bench) {
        return bench.options().engines.stream().map(engine -> DynamicTest.dynamicTest(engine.id(), () -> {
            run.unavailable(engine).ifPresent(why -> abort(engine.id() + " not profiled: " + why));
            run.profile(engine);
        }));
    }
}
