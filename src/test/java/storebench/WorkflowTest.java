package storebench;

import storebench.engine.Engines;
import storebench.model.Setting;

import org.junit.jupiter.api.Test;
import org.yaml.snakeyaml.Yaml;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The example CI workflow (.github/workflows/bench.yml) measures every engine under every setting, each exactly once
 * (Merge refuses two runs of the same engine and setting), the reference's columns by their group (bench.engines), and
 * its last job merges what the matrix measured.
 */
class WorkflowTest {
    private static final Path WORKFLOW = Path.of(System.getProperty("bench.projectDir", System.getProperty("user.dir")))
            .resolve(".github/workflows/bench.yml");

    @SuppressWarnings("unchecked")
    private static Map<String, Object> map(Object o, String what) {
        assertThat(o).as(what + " in " + WORKFLOW).isInstanceOf(Map.class);
        return (Map<String, Object>) o;
    }

    @SuppressWarnings("unchecked")
    private static List<Object> list(Object o, String what) {
        assertThat(o).as(what + " in " + WORKFLOW).isInstanceOf(List.class);
        return (List<Object>) o;
    }

    @Test
    void theMatrixCoversEveryEngineAndSettingOnceAndTheLastJobMergesThem() throws Exception {
        Map<String, Object> workflow = map(new Yaml().load(Files.readString(WORKFLOW)), "the workflow");
        Map<String, Object> jobs = map(workflow.get("jobs"), "jobs");
        Map<String, Object> bench = map(jobs.get("bench"), "jobs.bench");
        Map<String, Object> matrix = map(map(bench.get("strategy"), "strategy").get("matrix"), "matrix");

        List<String> engines = new ArrayList<>();
        List<String> asked = new ArrayList<>();
        for (Object group : list(matrix.get("group"), "matrix.group")) {
            List<String> items = Stream.of(String.valueOf(map(group, "a group").get("engines")).split(","))
                    .map(String::trim).toList();
            asked.addAll(items);
            Engines.select(items).forEach(e -> engines.add(e.id())); // ids and groups, as bench.engines reads them
        }
        assertThat(asked).as("the reference's columns by their group").contains("reference");
        assertThat(engines).as("every engine in exactly one job").doesNotHaveDuplicates()
                .containsExactlyInAnyOrderElementsOf(Engines.ids());
        assertThat(list(matrix.get("setting"), "matrix.setting")).containsExactlyInAnyOrderElementsOf(
                Stream.of(Setting.values()).map(Setting::id).toList());

        String steps = String.valueOf(bench.get("steps"));
        assertThat(steps).contains("mvn -B -ntp verify -Pbench").contains("-Dbench.engines=${{ matrix.group.engines }}")
                .contains("-Dbench.settings=${{ matrix.setting }}").contains("-Dbench.phases=all").contains("path=target/bench");
        assertThat(map(bench.get("strategy"), "strategy").get("fail-fast")).isEqualTo(false);

        Map<String, Object> merge = map(jobs.get("merge"), "jobs.merge");
        assertThat(String.valueOf(merge.get("needs"))).isEqualTo("bench");
        assertThat(String.valueOf(merge.get("steps"))).contains("-Dexec.mainClass=storebench.tools.Merge");
    }

    @Test
    void theMergeJobDownloadsThePartsAloneAndComparesWithTheLastBaselineItKept() throws Exception {
        Map<String, Object> jobs = map(map(new Yaml().load(Files.readString(WORKFLOW)), "the workflow").get("jobs"),
                "jobs");
        List<Map<String, Object>> steps = list(map(jobs.get("merge"), "jobs.merge").get("steps"), "merge's steps")
                .stream().map(o -> map(o, "a step")).toList();
        String pattern = steps.stream().filter(st -> String.valueOf(st.get("uses")).startsWith("actions/download-artifact"))
                .map(st -> String.valueOf(map(st.get("with"), "with").get("pattern"))).findFirst().orElseThrow();
        java.nio.file.PathMatcher downloads = java.nio.file.FileSystems.getDefault().getPathMatcher("glob:" + pattern);
        String partName = String.valueOf(map(list(map(jobs.get("bench"), "jobs.bench").get("steps"), "bench's steps")
                .stream().map(o -> map(o, "a step")).filter(st -> String.valueOf(st.get("uses"))
                        .startsWith("actions/upload-artifact")).findFirst().orElseThrow().get("with"), "with").get("name"));
        List<String> uploaded = steps.stream().filter(st -> String.valueOf(st.get("uses"))
                .startsWith("actions/upload-artifact")).map(st -> String.valueOf(map(st.get("with"), "with").get("name")))
                .toList();

        assertThat(downloads.matches(Path.of(partName.replace("${{ matrix.group.name }}", "reference")
                .replace("${{ matrix.setting }}", "default")))).as("the parts' artifacts match " + pattern).isTrue();
        assertThat(uploaded).as("the merge job's own artifacts, which a re-run would download").isNotEmpty()
                .allSatisfy(name -> assertThat(downloads.matches(Path.of(name))).as(name + " against " + pattern)
                        .isFalse());
        String run = steps.toString();
        assertThat(run).contains("actions/cache/restore").contains("actions/cache/save")
                .contains("-Dbench.baseline=baseline");
    }
}
