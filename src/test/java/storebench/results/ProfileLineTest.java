package storebench.results;

import com.fasterxml.jackson.databind.JsonNode;
import org.junit.jupiter.api.Test;
import storebench.results.ProfileLine.Calls;
import storebench.results.WarmColdLine.EvictionCheck;
import storebench.results.ProfileLine.Frame;
import storebench.results.ProfileLine.Steps;

import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalDouble;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class ProfileLineTest {
    static final String TRIAL = "'kind':'profile','engine':'sqlite','setting':'default','workload':'large','stores':200";

    static ProfileLine line(String json) throws Exception {
        return ProfileLine.of(node(json));
    }

    static JsonNode node(String json) throws Exception {
        return ResultsFile.JSON.readTree(json.replace('\'', '"'));
    }

    @Test
    void tellsProfileLinesFromTheOthers() throws Exception {
        assertThat(ProfileLine.is(node("{" + TRIAL + ",'profile':'noise'}"))).isTrue();
        assertThat(ProfileLine.is(node("{'kind':'stat','profile':'noise'}"))).isFalse();
    }

    @Test
    void aRootsLineBelongsToNoTrialAndSaysWhyItWasNotMeasured() throws Exception {
        ProfileLine disk = line("{'kind':'profile','profile':'rootsync','root':'disk','rootPath':'/b','fsType':'ext4',"
                + "'mountOptions':'rw','device':'/dev/sda1','fdatasyncMedianMs':0.5,'fdatasyncP90Ms':0.9,'rounds':200,"
                + "'blockBytes':4096}");
        assertThat(disk.column()).isEqualTo(new Column("", ""));
        assertThat(disk.scope().root()).isEqualTo("disk");
        assertThat(disk.unavailable()).isEmpty();
        assertThat(disk.rootSync()).contains(new ProfileLine.RootSync("/b", "ext4", "rw", 200, OptionalDouble.of(0.5),
                0.9));

        ProfileLine tmpfs = line("{'kind':'profile','profile':'rootsync','root':'tmpfs','unavailable':'no /dev/shm'}");
        assertThat(tmpfs.unavailable()).contains("no /dev/shm");
        assertThat(tmpfs.rootSync()).get().satisfies(r -> {
            assertThat(r.fdatasyncMedianMs()).isEmpty();
            assertThat(r.rootPath()).isEmpty();
            assertThat(r.rounds()).isZero();
        });
    }

    @Test
    void aCreateLineHasItsStepsWhereMeasuredAndSaysWhenProfilersSlowedIt() throws Exception {
        ProfileLine disk = line("{" + TRIAL + ",'profile':'create','root':'disk','load1AtStart':0.25,"
                + "'stepsMs':{'open':3.0,'build':0.2,'put':4.5,'close':0.1,'total':7.8}}");
        assertThat(disk.scope()).isEqualTo(new ProfileLine.Scope("large", 200, "disk"));
        assertThat(disk.column()).isEqualTo(new Column("sqlite", "default"));
        assertThat(disk.underProfilers()).isFalse();
        assertThat(disk.createSteps()).get().satisfies(c -> {
            assertThat(c.stepsMs()).contains(new Steps(3.0, 0.2, 4.5, 0.1, 7.8));
            assertThat(c.stepsMs().get().of("put")).isEqualTo(4.5);
            assertThat(c.load1AtStart()).hasValue(0.25);
        });
        assertThat(disk.syncs()).isEmpty();

        // a step the line leaves out reads 0; a create on a root that could not be measured has no steps
        assertThat(line("{" + TRIAL + ",'profile':'create','root':'disk','stepsMs':{'open':1.0}}").createSteps()
                .flatMap(ProfileLine.CreateSteps::stepsMs)).contains(new Steps(1.0, 0, 0, 0, 0));
        ProfileLine tmpfs = line("{" + TRIAL + ",'profile':'create','root':'tmpfs','unavailable':'no /dev/shm'}");
        assertThat(tmpfs.createSteps()).get().satisfies(c -> {
            assertThat(c.stepsMs()).isEmpty();
            assertThat(c.load1AtStart()).isEmpty();
        });

        ProfileLine profiled = line("{" + TRIAL + ",'profile':'create','root':'disk','profilers':['strace','jfr'],"
                + "'stepsMs':{'total':20.0}}");
        assertThat(profiled.underProfilers()).isTrue();
        assertThat(profiled.profilers()).contains(List.of("strace", "jfr"));
        assertThatThrownBy(() -> new Steps(0, 0, 0, 0, 0).of("commit")).isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void aProfilersSyncsLineSaysWhoWatchedAndItsCallsPerStoreMadeOrVisited() throws Exception {
        ProfileLine l = line("{" + TRIAL + ",'profile':'syncs','profiler':'strace','benchPhase':'read',"
                + "'process':'read-1','op':'visits','items':1000,'requests':3,'calls':{'fsync':{'count':20,'failed':1,"
                + "'ms':4.5},'fdatasync':{'count':0,'failed':0,'ms':0.0}},'callsPerItem':0.02,'syncMsPerItem':0.0045,"
                + "'straceLog':'profile/x/strace.txt','seccompBpf':true}");
        assertThat(l.watch()).isEqualTo(new ProfileLine.Watch("strace", Optional.of("read"), "read-1",
                Optional.of("visits")));
        assertThat(l.syncs()).get().satisfies(s -> {
            assertThat(s.items()).isEqualTo(1000);
            assertThat(s.calls()).containsExactly(java.util.Map.entry("fsync", new Calls(20, 1, 4.5)),
                    java.util.Map.entry("fdatasync", new Calls(0, 0, 0.0)));
            assertThat(s.callsPerItem()).hasValue(0.02);
            assertThat(s.syncMsPerItem()).isEqualTo(0.0045);
            assertThat(s.rootFdatasyncMedianMs()).isEmpty();
        });
    }

    /** The profile's own strace of a create, before profilers plugged into phases (as Migrate leaves it): no op. */
    @Test
    void theOrchestratorsSyncsLineNamesNoProfilerAndCarriesTheRootsSync() throws Exception {
        ProfileLine l = line("{" + TRIAL + ",'profile':'syncs','root':'disk','items':20,"
                + "'rootFdatasyncMedianMs':0.5,'calls':{'fsync':{'count':80}},'callsPerItem':4.0,'syncMsPerItem':3.9,"
                + "'createMsUnderStrace':12.0}");
        assertThat(l.watch()).isEqualTo(new ProfileLine.Watch("", Optional.empty(), "", Optional.empty()));
        assertThat(l.syncs()).get().satisfies(s -> {
            assertThat(s.items()).isEqualTo(20);
            assertThat(s.calls()).containsEntry("fsync", new Calls(80, 0, 0));
            assertThat(s.callsPerItem()).hasValue(4.0);
            assertThat(s.syncMsPerItem()).isEqualTo(3.9);
            assertThat(s.rootFdatasyncMedianMs()).hasValue(0.5);
        });

        // strace unavailable: nothing counted, and no calls per store to give
        ProfileLine none = line("{" + TRIAL + ",'profile':'syncs','items':20,'unavailable':'no strace'}");
        assertThat(none.unavailable()).contains("no strace");
        assertThat(none.syncs()).get().satisfies(s -> {
            assertThat(s.calls()).isEmpty();
            assertThat(s.callsPerItem()).isEmpty();
            assertThat(s.syncMsPerItem()).isZero();
        });
    }

    @Test
    void aFramesLineHasItsTopFramesAndWhatItsProfilerSays() throws Exception {
        ProfileLine jfr = line("{" + TRIAL + ",'profile':'frames','profiler':'jfr','op':'visits','phase':'open',"
                + "'items':1000,'samplingPeriod':'1 ms','samples':50,'top':[{'frame':'a.B.c','kind':'native',"
                + "'samples':30,'share':0.6},{'frame':'a.B.d','kind':'java','samples':20,'share':0.4}],"
                + "'benchPhase':'read','process':'read-1'}");
        assertThat(jfr.frames()).get().satisfies(f -> {
            assertThat(f.phase()).isEqualTo("open");
            assertThat(f.samples()).isEqualTo(50);
            assertThat(f.top()).containsExactly(new Frame("a.B.c", "native", 30, 0.6), new Frame("a.B.d", "java", 20,
                    0.4));
            assertThat(f.samplingPeriod()).contains("1 ms");
            assertThat(f.note()).isEmpty();
        });

        // the profile's own JVM frames before profilers plugged into phases: no profiler, no op
        ProfileLine older = line("{" + TRIAL + ",'profile':'frames','phase':'create','samplingPeriod':'1 ms',"
                + "'thread':'main','samples':0,'top':[]}");
        assertThat(older.watch().profiler()).isEmpty();
        assertThat(older.watch().op()).isEmpty();
        assertThat(older.frames()).get().satisfies(f -> assertThat(f.top()).isEmpty());

        ProfileLine node = line("{" + TRIAL + ",'profile':'frames','phase':'create','profiler':'node --cpu-prof',"
                + "'samplingPeriod':'1 ms','note':'no native frames','unavailable':'the worker wrote no .cpuprofile'}");
        assertThat(node.unavailable()).contains("the worker wrote no .cpuprofile");
        assertThat(node.frames()).get().satisfies(f -> {
            assertThat(f.note()).contains("no native frames");
            assertThat(f.samples()).isZero();
        });
    }

    @Test
    void aWarmColdLineHasItsMediansAndEachColdRunsCheck() throws Exception {
        ProfileLine l = line("{" + TRIAL + ",'profile':'warmcold','root':'disk','runs':3,'residentBeforeWarm':0.98,"
                + "'cold':false,'warmMs':{'open':0.5,'count':0.01,'close':0.1,'oqc':0.6},'coldMs':{'open':0.5},"
                + "'coldChecks':[{'run':1,'residentAfterEviction':0.0,'deviceReadBytesPerOpen':0,'cold':false,"
                + "'verdict':'not cold: the device served nothing'}]}");
        assertThat(l.warmCold()).get().satisfies(w -> {
            assertThat(w.before().residentBeforeWarm()).isEqualTo(0.98);
            assertThat(w.cold()).isFalse();
            assertThat(w.opens().warmMs()).isEqualTo(Map.of("open", 0.5, "count", 0.01, "close", 0.1, "oqc", 0.6));
            assertThat(w.opens().coldMs()).isEqualTo(Map.of("open", 0.5));
            assertThat(w.opens().coldChecks()).containsExactly(new EvictionCheck(1, 0.0, 0, 0, 0, false,
                    "not cold: the device served nothing", null));
        });
        assertThat(line("{" + TRIAL + ",'profile':'warmcold'}").warmCold()).get()
                .satisfies(w -> assertThat(w.opens().coldChecks()).isEmpty());
    }

    @Test
    void aNoiseLineHasItsRunsBackToBack() throws Exception {
        assertThat(line("{" + TRIAL + ",'profile':'noise','runs':20,'seconds':1.25,'minMs':0.194,'medianMs':0.28,"
                + "'maxMs':0.33,'spread':0.4857,'oqcRunsMs':[0.194,0.33]}").noise())
                .contains(new NoiseLine(0, 20, 1.25, new NoiseLine.Oqc(0.194, 0.28, 0.33, 0.4857, List.of(0.194, 0.33)),
                        0));
    }

    @Test
    void aProfilerThatCouldNotWatchHasNoFiguresOfItsOwn() throws Exception {
        ProfileLine l = line("{" + TRIAL + ",'profile':'unavailable','profiler':'jfr','benchPhase':'read',"
                + "'unavailable':'JFR records JVMs'}");
        assertThat(l.figures()).isEqualTo(new ProfileLine.None());
        assertThat(l.watch().profiler()).isEqualTo("jfr");
        assertThat(l.watch().benchPhase()).contains("read");
        assertThat(l.unavailable()).contains("JFR records JVMs");
        assertThat(l.frames()).isEmpty();
        assertThat(line("{" + TRIAL + ",'profile':'flamegraph'}").figures()).isEqualTo(new ProfileLine.None());
    }

    @Test
    void theProfilersLinesReadAsTheyAreWritten() {
        ProfileLine root = ProfileLine.of(written(new RootSyncLine("disk", new CreateStepsLine.Where("/b", "ext4",
                "rw"), "/dev/sda1", new RootSyncLine.Synced(0.5, 0.9, 200, 4096))));
        assertThat(root.rootSync()).contains(new ProfileLine.RootSync("/b", "ext4", "rw", 200, OptionalDouble.of(0.5),
                0.9));
        assertThat(ProfileLine.of(written(new RootSyncLine("tmpfs", "no tmpfs"))).unavailable()).contains("no tmpfs");

        ProfileLine syncs = ProfileLine.of(written(new SyncsLine("strace", "visits", 1000, 3, new SyncsLine.Counted(
                java.util.Map.of("fsync", new Calls(20, 1, 4.5)), 0.02, 0.0045), new SyncsLine.Log("s.txt", true,
                null))));
        assertThat(syncs.watch().op()).contains("visits");
        assertThat(syncs.syncs()).get().satisfies(s -> {
            assertThat(s.calls()).containsEntry("fsync", new Calls(20, 1, 4.5));
            assertThat(s.callsPerItem()).hasValue(0.02);
        });

        FramesLine frames = new FramesLine("cpuprof", "visits", "open", 1000, new FramesLine.Sampling("1 ms", "visits",
                "js"));
        ProfileLine sampled = ProfileLine.of(written(frames.sampled("p.cpuprofile", null, "visits", List.of(
                new Frame("a", "js", 3, 0.75), new Frame("b", "js", 1, 0.25)), 1)));
        assertThat(sampled.frames()).get().satisfies(f -> {
            assertThat(f.samples()).isEqualTo(4);
            assertThat(f.top()).containsExactly(new Frame("a", "js", 3, 0.75));
            assertThat(f.note()).contains("js");
        });
        assertThat(ProfileLine.of(written(frames.unavailable("none"))).unavailable()).contains("none");

        ProfileLine not = ProfileLine.of(written(new NotProfiledLine("jfr", "read", "JFR records JVMs")));
        assertThat(not.profile()).isEqualTo(ProfileLine.UNAVAILABLE);
        assertThat(not.watch().benchPhase()).contains("read");
    }

    private static JsonNode written(Record line) {
        return ResultsFile.with(ResultsFile.line(ProfileLine.KIND), line);
    }
}
