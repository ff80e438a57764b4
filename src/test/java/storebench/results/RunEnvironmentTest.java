package storebench.results;

import com.fasterxml.jackson.databind.node.MissingNode;
import org.junit.jupiter.api.Test;

import java.util.Map;
import java.util.Optional;

import static org.assertj.core.api.Assertions.assertThat;
import static storebench.results.MeasuredLinesTest.line;

/** environment.json read into its record: a run that measured every part, one from before, one without the file. */
class RunEnvironmentTest {
    @Test
    void readsEveryPartARecentRunRecorded() throws Exception {
        RunEnvironment env = RunEnvironment.of(line("{'engines':{'sqlite':{'title':'SQLite','runtime':'Java 17.0.15',"
                + "'info':{'sqlite':'3.50.1','pageSize':4096,'compile_options':'THREADSAFE=1'}}},"
                + "'timer':{'source':'System.nanoTime','backToBackMedianNs':17},'jvm':'OpenJDK 17',"
                + "'gitCommit':'abc123','kernel':'6.18.44',"
                + "'benchRoot':{'fsType':'ext4','directRead':{'reads':300,'medianMs':0.0648,'p99Ms':0.134}},"
                + "'mapping':{'file':{'fileBytes':409600,'mapBytes':1073741824,'touchedPages':100,'maps':100,"
                + "'mapMedianUs':8.49,'touchMedianUs':6.41,'unmapMedianUs':28.1,'medianUs':43.6,'p99Us':69.8,"
                + "'faultsPerMap':6.31},'minorFault':{'pages':2048,'medianNs':765.0,'p99Ns':2229.0}}}"));

        assertThat(env.engines()).containsOnlyKeys("sqlite");
        assertThat(env.engines().get("sqlite")).isEqualTo(new RunEnvironment.EngineVersion("Java 17.0.15",
                Map.of("sqlite", "3.50.1", "pageSize", "4096", "compile_options", "THREADSAFE=1")));
        assertThat(env.engines().get("sqlite").info().keySet()).containsExactly("sqlite", "pageSize",
                "compile_options");
        assertThat(env.software()).isEqualTo(new RunEnvironment.Software(17, Optional.of("OpenJDK 17"),
                Optional.of("abc123"), Optional.of("6.18.44")));
        assertThat(env.benchRoot()).isEqualTo(new RunEnvironment.BenchRoot(Optional.of("ext4"),
                Optional.of(new RunEnvironment.DirectRead(0.0648, 300, 0.134))));
        assertThat(env.mapping().file()).contains(new RunEnvironment.MappedFile(409600, 1L << 30, 100, 100, 6.31,
                new RunEnvironment.MapTimes(43.6, 69.8, 8.49, 6.41, 28.1)));
        assertThat(env.mapping().minorFault()).contains(new RunEnvironment.MinorFault(765.0, 2229.0));
        assertThat(env.mapping().error()).isEmpty();
    }

    @Test
    void aRunFromBeforeTheMappingAndDirectReadHasThemEmpty() throws Exception {
        RunEnvironment env = RunEnvironment.of(line("{'benchRoot':{'fsType':'tmpfs','directRead':{'error':'EINVAL'}},"
                + "'mapping':{'error':'no mmap here'},'jvm':null}"));

        assertThat(env.benchRoot().directRead()).isEmpty();
        assertThat(env.mapping().file()).isEmpty();
        assertThat(env.mapping().error()).contains("no mmap here");
        assertThat(env.software().jvm()).isEmpty();
    }

    @Test
    void aRunWithoutEnvironmentJsonReadsEmpty() {
        RunEnvironment env = RunEnvironment.of(MissingNode.getInstance());

        assertThat(env.engines()).isEmpty();
        assertThat(env.software()).isEqualTo(new RunEnvironment.Software(0, Optional.empty(), Optional.empty(),
                Optional.empty()));
        assertThat(env.benchRoot().fsType()).isEmpty();
        assertThat(env.mapping()).isEqualTo(new RunEnvironment.Mapping(Optional.empty(), Optional.empty(),
                Optional.empty()));
    }
}
