package storebench.model;

import org.junit.jupiter.api.Test;
import storebench.phase.ConcurrencyPhase;
import storebench.phase.Phases;
import storebench.results.OpenStoreMemory;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The statistics the report and the engines' caveats name are the ones the phases define: a statistic renamed in its
 * phase fails here, where it would otherwise drop a sentence, a row or a caveat of the report without a word.
 */
class StatIdTest {
    /** The packages that name statistics the phases define, and may name them only through StatId. */
    private static final List<Path> NAMING = Stream.of("report", "engine", "tools", "gate")
            .map(p -> Path.of("src/main/java/storebench", p)).toList();
    private static final Pattern LITERAL = Pattern.compile("\"((?:[^\"\\\\\\n]|\\\\.)*)\"");
    /** The concurrency phase's ids, one per worker count: "conc_oqc_per_s_t" + T and the like. */
    private static final Pattern PER_WORKERS = Pattern.compile("conc_oqc_[a-z0-9_]*_t\\d*");

    @Test
    void everyIdNamedBeyondThePhasesIsOneAPhaseDefines() {
        List<String> named = named();
        assertThat(named).as("StatId's ids").hasSizeGreaterThan(10);
        assertThat(undefined(named)).as("ids in StatId that no phase defines (renamed in their phase?); the"
                + " phases' statistics: %s", Phases.statIds()).isEmpty();
    }

    @Test
    void aRenamedStatisticIsFound() {
        assertThat(undefined(List.of(StatId.OQC_MS.id(), "oqc_median_ms"))).containsExactly("oqc_median_ms");
    }

    @Test
    void reportAndEnginesNameNoStatisticByALiteral() throws IOException {
        List<String> found = new ArrayList<>();
        for (Path dir : NAMING) {
            try (Stream<Path> files = Files.walk(dir)) {
                for (Path f : files.filter(p -> p.toString().endsWith(".java")).sorted().toList()) {
                    found.addAll(literalIds(f.toString(), Files.readString(f)));
                }
            }
        }
        assertThat(found).as("statistics named by a literal in %s: name them through StatId", NAMING).isEmpty();
    }

    @Test
    void anIdIsTheConstantsNameInLowerCase() {
        assertThat(StatId.OQC_P99_MS.id()).isEqualTo("oqc_p99_ms");
        assertThat(StatId.concOqcPerS(2)).isEqualTo(ConcurrencyPhase.perSecond(2).id());
    }

    @Test
    void aLiteralIdIsFound() {
        assertThat(literalIds("A.java", "class A {\n  String a = \"oqc_ms\";\n  String b = \"conc_oqc_per_s_t\" + 2;\n"
                + "  String c = \"the oqc_ms row\";\n}")).containsExactly("A.java:2 \"oqc_ms\"",
                "A.java:3 \"conc_oqc_per_s_t\"");
    }

    /** Every id StatId names: its constants', and the concurrency phase's for each worker count it has. */
    private static List<String> named() {
        List<String> ids = new ArrayList<>();
        for (StatId id : StatId.values()) {
            ids.add(id.id());
        }
        ConcurrencyPhase.THREADS.forEach(t -> ids.add(StatId.concOqcPerS(t)));
        // the memory totals' ids live beside their computation in results/, and the report names them from there
        ids.add(OpenStoreMemory.TOTAL);
        ids.add(OpenStoreMemory.CAPACITY_TOTAL);
        return ids;
    }

    private static List<String> undefined(List<String> ids) {
        return ids.stream().filter(id -> Phases.find(id).isEmpty()).toList();
    }

    /** The string literals of a source that are a statistic's id, or the concurrency phase's id less its T. */
    private static List<String> literalIds(String file, String source) {
        List<String> ids = Phases.statIds();
        List<String> found = new ArrayList<>();
        String[] lines = source.split("\n", -1);
        for (int k = 0; k < lines.length; k++) {
            Matcher m = LITERAL.matcher(lines[k]);
            while (m.find()) {
                if (ids.contains(m.group(1)) || PER_WORKERS.matcher(m.group(1)).matches()) {
                    found.add(file + ":" + (k + 1) + " \"" + m.group(1) + "\"");
                }
            }
        }
        return found;
    }
}
