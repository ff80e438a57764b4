package storebench.profile;

import storebench.results.ProfileLine;
import org.junit.jupiter.api.Test;

import java.nio.file.Path;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

class NodeCpuProfileTest {
    static final Path SAMPLE = Path.of("src/test/resources/profile/sample.cpuprofile");

    @Test
    void topFramesInsideCreateprofile() throws Exception {
        List<ProfileLine.Frame> top = NodeCpuProfile.top(SAMPLE, "createprofile", 10);
        assertThat(top).extracting(ProfileLine.Frame::frame).containsExactly("exec", "Database (database.js:48)",
                "createprofile (worker.js:311)"); // ties by name
        assertThat(top).extracting(ProfileLine.Frame::samples).containsExactly(6, 2, 2);
        assertThat(top.get(0).share()).isCloseTo(0.6, within(1e-9));
        assertThat(top).allSatisfy(f -> assertThat(f.kind()).isEqualTo("js"));
    }

    @Test
    void topFramesInsideOpenrunAndWithoutAFilterIdleIsLeftOut() throws Exception {
        assertThat(NodeCpuProfile.top(SAMPLE, "openrun", 1)).singleElement()
                .satisfies(f -> assertThat(f.frame()).isEqualTo("get"));
        List<ProfileLine.Frame> all = NodeCpuProfile.top(SAMPLE, null, 100);
        assertThat(all.stream().mapToInt(ProfileLine.Frame::samples).sum()).isEqualTo(21 - 5);
        assertThat(all).extracting(ProfileLine.Frame::frame).doesNotContain("(idle)")
                .contains("(anonymous) (worker.js:10)", "(garbage collector)");
    }

    /** V8's other fields are not read; a frame without a script or a call frame, and a sample of no node, still read. */
    @Test
    void readsOnlyWhatItNeedsOfV8sFormat() throws Exception {
        String json = ("{'startTime':1,'endTime':9,'timeDeltas':[1,1,1,1],'nodes':["
                + "{'id':1,'callFrame':{'functionName':'(root)','scriptId':'0','url':'','lineNumber':-1,"
                + "'columnNumber':-1},'hitCount':0,'children':[2,3]},"
                + "{'id':2,'callFrame':{'functionName':'run','url':'file:///w/lib/worker.js','lineNumber':9},"
                + "'positionTicks':[{'line':10,'ticks':2}]},"
                + "{'id':3}],'samples':[2,2,3,7]}").replace('\'', '"');
        List<ProfileLine.Frame> top = NodeCpuProfile.top(NodeCpuProfile.JSON.readValue(json, NodeCpuProfile.Profile.class),
                null, 10);
        assertThat(top).extracting(ProfileLine.Frame::frame).containsExactly("run (worker.js:10)", "(anonymous)");
        assertThat(top).extracting(ProfileLine.Frame::samples).containsExactly(2, 1);
        assertThat(NodeCpuProfile.top(NodeCpuProfile.JSON.readValue(json, NodeCpuProfile.Profile.class), "(root)", 10))
                .extracting(ProfileLine.Frame::samples).containsExactly(2, 1);
        assertThat(NodeCpuProfile.top(NodeCpuProfile.JSON.readValue("{}", NodeCpuProfile.Profile.class), null, 10))
                .isEmpty();
    }
}
