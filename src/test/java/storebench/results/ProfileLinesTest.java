package storebench.results;

import org.junit.jupiter.api.Test;

import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static storebench.results.MeasuredLinesTest.line;

/** The profile's warm-and-cold and noise lines (phase.WarmColdPhase), read into their records. */
class ProfileLinesTest {
    @Test
    void aWarmColdLineReadsItsMediansAndEachColdRunsCheck() throws Exception {
        WarmColdLine l = WarmColdLine.of(line("{'kind':'profile','profile':'warmcold','engine':'sqlite',"
                + "'setting':'default','root':'disk','runs':2,'residentBeforeWarm':0.98,'cold':false,"
                + "'warmMs':{'open':0.05,'count':0.2,'close':0.01,'oqc':0.26},"
                + "'coldMs':{'open':0.5,'count':1.2,'close':0.02,'oqc':1.72},"
                + "'coldChecks':[{'run':1,'residentAfterEviction':0.0,'deviceReadBytesPerOpen':40960.0,'cold':true,"
                + "'verdict':'cold'},{'run':2,'residentAfterEviction':0.4,'deviceReadBytesPerOpen':0.0,"
                + "'cold':false,'verdict':'not cold: 40% resident'}]}"));

        assertThat(l.column()).isEqualTo(new Column("sqlite", "default"));
        assertThat(l.warmMs()).isEqualTo(new WarmColdLine.Steps(0.05, 0.2, 0.01, 0.26));
        assertThat(l.coldMs().oqc()).isEqualTo(1.72);
        assertThat(l.cold()).isFalse();
        assertThat(l.coldChecks()).containsExactly(new WarmColdLine.ColdCheck(1, 0.0, 40960.0, true, "cold"),
                new WarmColdLine.ColdCheck(2, 0.4, 0.0, false, "not cold: 40% resident"));
    }

    @Test
    void aWarmColdLineWithoutItsFiguresReadsAsZerosAndNoChecks() throws Exception {
        WarmColdLine l = WarmColdLine.of(line("{'kind':'profile','profile':'warmcold','engine':'sqlite'}"));

        assertThat(l.warmMs()).isEqualTo(new WarmColdLine.Steps(0, 0, 0, 0));
        assertThat(l.coldChecks()).isEqualTo(List.of());
    }

    @Test
    void aNoiseLineReadsItsRunsAndSpread() throws Exception {
        assertThat(NoiseLine.of(line("{'kind':'profile','profile':'noise','engine':'sqlite','setting':'default',"
                + "'runs':20,'seconds':1.25,'minMs':0.194,'medianMs':0.28,'maxMs':0.33,'spread':0.4857,"
                + "'oqcRunsMs':[0.194,0.33]}")))
                .isEqualTo(new NoiseLine(new Column("sqlite", "default"), 20, 1.25, 0.194, 0.28, 0.33, 0.4857));
    }
}
