package storebench.report;


import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

class ProfileSectionTest {
    static final ObjectMapper JSON = new ObjectMapper();

    static List<JsonNode> lines(String... json) throws Exception {
        List<JsonNode> l = new ArrayList<>();
        for (String j : json) {
            l.add(JSON.readTree(j.replace('\'', '"')));
        }
        return l;
    }

    static final String COMMON = "'kind':'profile','setting':'default','workload':'large','stores':200";

    @Test
    void noProfileLinesNoSection() throws Exception {
        assertThat(ProfileSection.render(lines("{'kind':'stat','engine':'sqlite'}"))).isEmpty();
    }

    @Test
    void noiseOverTimeSitsBesideTheMainRunsFreshProcessSpread() throws Exception {
        String section = ProfileSection.render(lines(
                "{'kind':'stat','engine':'sqlite','setting':'default','stat':'oqc_ms','value':0.3,"
                        + "'runs':[0.2,0.3,0.31],'spread':0.3667}",
                "{" + COMMON + ",'profile':'noise','engine':'sqlite','runs':20,'seconds':1.25,'minMs':0.194,"
                        + "'medianMs':0.28,'maxMs':0.33,'spread':0.4857,'oqcRunsMs':[0.194,0.33]}",
                "{" + COMMON + ",'profile':'noise','engine':'turso','runs':20,'seconds':4.0,'minMs':1.0,"
                        + "'medianMs':1.1,'maxMs':1.2,'spread':0.1818}"));

        assertThat(section).contains("### Noise over time")
                .contains("| sqlite | 20 | 1.3 | 0.194 | 0.280 | 0.330 | 48.6% | 36.7% (R = 3) |")
                .contains("| turso | 20 | 4.0 | 1.000 | 1.100 | 1.200 | 18.2% | – |");
    }

    @Test
    void noNoiseLinesNoNoiseTable() throws Exception {
        assertThat(ProfileSection.render(lines("{" + COMMON + ",'profile':'rootsync','root':'tmpfs',"
                + "'unavailable':'no /dev/shm'}"))).doesNotContain("Noise over time");
    }

    @Test
    void rendersEveryTableFromTheLines() throws Exception {
        String section = ProfileSection.render(lines(
                "{'kind':'run'}",
                "{" + COMMON + ",'profile':'rootsync','root':'disk','rootPath':'/b','fsType':'ext4','mountOptions':'rw',"
                        + "'fdatasyncMedianMs':0.5,'fdatasyncP90Ms':0.9,'rounds':200}",
                "{" + COMMON + ",'profile':'rootsync','root':'tmpfs','unavailable':'no /dev/shm'}",
                "{" + COMMON + ",'profile':'create','engine':'sqlite','root':'disk','load1AtStart':0.25,'stepsMs':{'open':3.0,'build':0.2,"
                        + "'put':4.5,'close':0.1,'total':7.8}}",
                "{" + COMMON + ",'profile':'create','engine':'sqlite','root':'tmpfs','stepsMs':{'open':0.3,'build':0.2,"
                        + "'put':0.9,'close':0.1,'total':1.5}}",
                "{" + COMMON + ",'profile':'create','engine':'objectbox','root':'disk','stepsMs':{'open':9.0,'build':0.2,"
                        + "'put':4.5,'close':0.1,'total':13.8}}",
                "{" + COMMON + ",'profile':'syncs','engine':'sqlite','items':20,'calls':{'fsync':{'count':80},"
                        + "'fdatasync':{'count':0}},'callsPerItem':4.0,'syncMsPerItem':3.9,'rootFdatasyncMedianMs':0.5}",
                "{" + COMMON + ",'profile':'syncs','engine':'objectbox','items':20,'unavailable':'strace is not installed'}",
                "{" + COMMON + ",'profile':'warmcold','engine':'sqlite','residentBeforeWarm':1.0,'cold':true,"
                        + "'warmMs':{'open':0.05,'count':0.2,'close':0.01,'oqc':0.26},'coldMs':{'open':0.3,'count':1.0,"
                        + "'close':0.02,'oqc':1.3},'coldChecks':[{'run':1,'residentAfterEviction':0.0,"
                        + "'deviceReadBytesPerOpen':409600,'cold':true,'verdict':'cold'}]}",
                "{" + COMMON + ",'profile':'warmcold','engine':'objectbox','residentBeforeWarm':0.98,'cold':false,"
                        + "'warmMs':{'open':0.5,'count':0.01,'close':0.1,'oqc':0.6},'coldMs':{'open':0.5,'count':0.01,"
                        + "'close':0.1,'oqc':0.6},'coldChecks':[{'run':1,'residentAfterEviction':0.0,"
                        + "'deviceReadBytesPerOpen':0,'cold':false,'verdict':'not cold: the device served nothing'}]}",
                "{" + COMMON + ",'profile':'frames','engine':'sqlite','phase':'create','samples':100,'top':[{'frame':"
                        + "'org.sqlite.core.NativeDB.step','kind':'native','samples':60,'share':0.6}]}",
                "{" + COMMON + ",'profile':'frames','engine':'libsql','phase':'create','unavailable':'no cpu-prof'}"));
        assertThat(section).startsWith("## Where the time goes\n");
        assertThat(section).contains("setting `default`, workload `large`, 200 stores per engine");
        assertThat(section).contains("- Bench root: `/b` (ext4, rw); its own sync latency (write 4 KiB + fdatasync,"
                + " 200 times): median 0.500 ms, p90 0.900 ms");
        assertThat(section).contains("- tmpfs root: not measured (no /dev/shm)");
        // engines in the report's order: objectbox before sqlite
        assertThat(section).contains("| step | objectbox | sqlite | libsql |");
        assertThat(section).contains("| Put the W notes in one transaction, incl. commit (and serialization) | 4.50 / – |"
                + " 4.50 / 0.90 | – / – |");
        assertThat(section).contains("- sqlite: the largest step is on disk put incl. commit (4.50 of 7.80 ms); on tmpfs"
                + " put incl. commit (0.90 of 1.50 ms).");
        assertThat(section).contains("- objectbox: the largest step is on disk create + open (schema commit)");
        assertThat(section).contains("- Serialization happens inside put (there is no separate marshalling step as in"
                + " ObjectBox Python): objectbox, ObjectBox Java serializes each note to a FlatBuffer");
        assertThat(section).contains("; sqlite, the binding binds each note's values to the prepared INSERT; libsql,");
        assertThat(section).doesNotContain("the SQL engines bind");
        assertThat(section).contains("- 1-minute load average at the start of each engine's create on disk: sqlite 0.25 (");
        assertThat(section).contains("| sqlite | 4.0 | fsync 4.0 | 3.90 | 7.80 | 50.0% | 0.500 |");
        assertThat(section).contains("| objectbox | – | – | – | – | – | – |");
        assertThat(section).contains("- objectbox: strace is not installed");
        assertThat(section).contains("| sqlite | 100.0% | 0.050 | 0.200 | 0.010 | 0.260 | 0.300 | 1.000 | 0.020 | 1.300 |"
                + " 5.0x | 0.0% | 400.0 |");
        assertThat(section).contains("| objectbox | 98.0% | 0.500 | 0.010 | 0.100 | 0.600 | not cold (0.500) |");
        assertThat(section).contains("- objectbox, cold run 1: not cold: the device served nothing");
        assertThat(section).contains("- sqlite, create (100 samples): `org.sqlite.core.NativeDB.step` (native) 60.0%");
        assertThat(section).contains("- libsql: no cpu-prof");
    }

    /** Lines from profilers plugged into phases: the profile's tables take the create steps' own, the rest their own. */
    @Test
    void profilersFindingsGoWhereTheyWereMade() throws Exception {
        String section = ProfileSection.render(lines(
                "{" + COMMON + ",'profile':'rootsync','root':'disk','rootPath':'/b','fsType':'ext4','mountOptions':'rw',"
                        + "'fdatasyncMedianMs':0.5,'fdatasyncP90Ms':0.9,'rounds':200}",
                "{" + COMMON + ",'profile':'create','engine':'sqlite','root':'disk','stepsMs':{'open':3.0,'build':0.2,"
                        + "'put':4.5,'close':0.1,'total':7.8}}",
                // the same phase under profilers: slowed by them, not the create's figure
                "{" + COMMON + ",'profile':'create','engine':'sqlite','root':'disk','profilers':['strace','jfr'],"
                        + "'stepsMs':{'open':9.0,'build':0.2,'put':9.5,'close':0.1,'total':20.0}}",
                "{" + COMMON + ",'profile':'syncs','engine':'sqlite','profiler':'strace','benchPhase':'createsteps',"
                        + "'process':'process','op':'createprofile','items':200,'calls':{'fsync':{'count':800}},"
                        + "'callsPerItem':4.0,'syncMsPerItem':3.9}",
                "{" + COMMON + ",'profile':'syncs','engine':'sqlite','profiler':'strace','benchPhase':'read',"
                        + "'process':'process','op':'visits','items':1000,'calls':{'fsync':{'count':0}},"
                        + "'callsPerItem':0.0,'syncMsPerItem':0.0}",
                "{" + COMMON + ",'profile':'frames','engine':'h2','profiler':'jfr','benchPhase':'read',"
                        + "'process':'process','op':'visits','phase':'open','samples':50,'top':[{'frame':'a.B.c',"
                        + "'kind':'java','samples':50,'share':1.0}]}",
                "{" + COMMON + ",'profile':'unavailable','engine':'libsql','profiler':'jfr','benchPhase':'read',"
                        + "'unavailable':'JFR records JVMs'}"));
        assertThat(section).contains("| Total | 7.80 / – |").doesNotContain("20.00");
        assertThat(section).contains("over the create profile's stores on the bench root");
        assertThat(section).contains("| sqlite | 4.0 | fsync 4.0 | 3.90 | 7.80 | 50.0% | 0.500 |");
        assertThat(section).contains("### Under profilers");
        assertThat(section).contains("| sqlite | default | read | process | visits | 1,000 | 0.00 | none | 0.000 |");
        assertThat(section).contains("- h2, read, visits (jfr, process, 50 samples): `a.B.c` 100.0%");
        assertThat(section).contains("- libsql, read: not under jfr (JFR records JVMs)");
        // the read phase's frames are not the profile's open frames
        assertThat(section).doesNotContain("- h2, open");
    }

    /** A run with bench.profilers alone has only what the profilers found. */
    @Test
    void profilersAloneGiveTheirTablesOnly() throws Exception {
        String section = ProfileSection.render(lines(
                "{" + COMMON + ",'profile':'syncs','engine':'sqlite','profiler':'strace','benchPhase':'read',"
                        + "'process':'process','op':'visits','items':1000,'calls':{'fsync':{'count':2000}},"
                        + "'callsPerItem':2.0,'syncMsPerItem':1.5}"));
        assertThat(section).startsWith("## Where the time goes\n").contains("### Under profilers")
                .contains("| sqlite | default | read | process | visits | 1,000 | 2.00 | fsync 2.00 | 1.500 |")
                .doesNotContain("Create, step by step").doesNotContain("-Dbench.profile=true");
    }

    /** The durability row's syncs per created store: the last strace line of an engine's creates, in either shape. */
    @Test
    void syncsPerCreatedStoreFromTheLastStraceOfTheCreates() throws Exception {
        List<JsonNode> profile = lines(
                "{" + COMMON + ",'profile':'syncs','engine':'sqlite','items':20,'callsPerItem':4.0}",
                "{" + COMMON + ",'profile':'syncs','engine':'objectbox','items':20,'unavailable':'no strace'}",
                "{" + COMMON + ",'profile':'syncs','engine':'h2','profiler':'strace','benchPhase':'create',"
                        + "'op':'create','items':200,'callsPerItem':2.0}",
                // the visits' strace is not the creates'
                "{" + COMMON + ",'profile':'syncs','engine':'h2','profiler':'strace','benchPhase':'read',"
                        + "'op':'visits','items':1000,'callsPerItem':0.0}");
        assertThat(ProfileSection.syncsPerCreatedStore(profile, "sqlite", "default")).contains(4.0);
        assertThat(ProfileSection.syncsPerCreatedStore(profile, "sqlite", "mmap-threshold")).isEmpty();
        assertThat(ProfileSection.syncsPerCreatedStore(profile, "objectbox", "default")).isEmpty();
        assertThat(ProfileSection.syncsPerCreatedStore(profile, "h2", "default")).contains(2.0);
        assertThat(ProfileSection.syncsPerCreatedStore(profile, "lmdb", "default")).isEmpty();
    }
}
