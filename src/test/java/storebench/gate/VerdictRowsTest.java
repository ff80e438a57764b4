package storebench.gate;

import com.fasterxml.jackson.databind.JsonNode;
import org.junit.jupiter.api.Test;
import storebench.results.ResultsFile;

import static org.assertj.core.api.Assertions.assertThat;

/** verdicts.json as it is, in each shape a table of it accepts. */
class VerdictRowsTest {
    private static JsonNode line(String json) throws Exception {
        return ResultsFile.JSON.readTree(json.replace('\'', '"'));
    }

    @Test
    void theGatesShapeGivesItsFieldsButTheVerdictsAndARowPerVerdict() throws Exception {
        VerdictRows file = VerdictRows.of(line("{'thresholds':'t.yaml','baseline':null,'summary':{'pass':1},"
                + "'verdicts':[{'kind':'CEILING','status':'FAIL','stat':'oqc_ms','measured':0.6},"
                + "{'status':'PASS','rule':'r'}]}"));

        assertThat(file.fields().keySet()).containsExactly("thresholds", "baseline", "summary");
        assertThat(file.rows()).hasSize(2);
        assertThat(file.rows().get(0).fields().keySet()).containsExactly("kind", "status", "stat", "measured");
        assertThat(file.rows().get(0).status()).isEqualTo("FAIL");
        assertThat(file.rows().get(0).stat()).isEqualTo("oqc_ms");
        assertThat(file.rows().get(1).stat()).isEmpty();
        assertThat(file.rows().get(1).field("measured").isMissingNode()).isTrue();
    }

    @Test
    void aBareArrayIsTheVerdictsAndAnotherArrayOfObjectsIsFoundByItsShape() throws Exception {
        VerdictRows bare = VerdictRows.of(line("[{'status':'PASS'},3]"));
        VerdictRows other = VerdictRows.of(line("{'run':'x','tags':['a'],'results':[{'status':'fail'}]}"));

        assertThat(bare.fields()).isEmpty();
        assertThat(bare.rows()).hasSize(2);
        assertThat(bare.rows().get(1).fields()).isEmpty();
        assertThat(bare.rows().get(1).status()).isEmpty();
        assertThat(other.fields().keySet()).containsExactly("run", "tags");
        assertThat(other.rows()).singleElement().satisfies(r -> assertThat(r.status()).isEqualTo("fail"));
    }

    @Test
    void anObjectWithoutVerdictsHasFieldsOnly() throws Exception {
        VerdictRows file = VerdictRows.of(line("{'thresholds':'t.yaml'}"));

        assertThat(file.fields().keySet()).containsExactly("thresholds");
        assertThat(file.rows()).isEmpty();
    }
}
