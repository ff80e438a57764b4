package storebench;

import org.assertj.core.api.SoftAssertions;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestReporter;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.junit.jupiter.api.extension.ParameterContext;
import org.junit.jupiter.api.extension.ParameterResolver;
import storebench.gate.Gate;
import storebench.gate.Thresholds;
import storebench.gate.Verdict;
import storebench.gate.Verdicts;
import storebench.junit.Trials;
import storebench.report.MarkdownReport;
import storebench.results.RunResults;
import storebench.run.Bench;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import static org.assertj.core.api.Assertions.fail;

/**
 * The regression gate, after all measurements (the class order puts it last: any bench class without an
 * {@code @Order}, or with a smaller one, runs before it). It judges the run's results.jsonl by the thresholds file
 * (bench.thresholds) and the baseline (bench.baseline), writes verdicts.json, renders the report with the verdicts,
 * and then fails with every violation at once.
 */
@Order(Integer.MAX_VALUE)
@ExtendWith(GateBench.TheBench.class)
class GateBench {

    @Test
    void thresholdsHold(Bench bench, TestReporter reporter) throws Exception {
        bench.finishMeasurements(); // every trial closed: results.jsonl holds all there will be
        Path out = bench.outputDir();
        Thresholds thresholds = Thresholds.load(bench.options().thresholds);
        Optional<Path> baselinePath = bench.options().baseline;
        Optional<RunResults> baseline = baselinePath.isPresent()
                ? Optional.of(Gate.loadBaseline(baselinePath.get())) : Optional.empty();
        RunResults run = RunResults.load(out);
        List<Verdict> list = Gate.evaluate(thresholds, run, baseline);
        Verdicts verdicts = new Verdicts(thresholds.file(), baselinePath.map(Path::toString).orElse(null), list);
        Path written = verdicts.write(out);
        MarkdownReport.write(out);
        System.out.println("[storebench] gate: " + verdicts.summary() + " (" + written + ")");
        reporter.publishEntry(Map.of("gate", verdicts.summary(), "verdicts", written.toString()));

        if (run.lines("stat").isEmpty()) {
            List<String> why = run.failures();
            fail("the run measured nothing" + (why.isEmpty() ? " (no trial ran: see bench.engines and bench.settings)"
                    : ": " + String.join("; ", why)) + ". The gate has nothing to judge; see "
                    + out.resolve(MarkdownReport.NAME) + ".");
        }
        if (!bench.options().baselineMismatchWarns) {
            list.stream().filter(v -> v.detail().startsWith(Gate.NOT_COMPARABLE)).findFirst().ifPresent(v -> fail(
                    "-Dbench.baseline=" + baselinePath.orElse(null) + ": " + v.detail() + ". A run that asked for a"
                            + " comparison does not pass without one; -Dbench.baselineMismatch=warn lets it."));
        }
        if (!verdicts.anyEvaluated()) {
            fail("the regression gate checked nothing: " + thresholds.file() + " has no rule for the engines, settings"
                    + " and workload of this run (" + list.size() + " rules not evaluated; see the \"Regression gate\""
                    + " section of " + out.resolve(MarkdownReport.NAME) + "). Add rules for them to the thresholds"
                    + " file, or give one that has them with -Dbench.thresholds=FILE.");
        }
        SoftAssertions softly = new SoftAssertions();
        for (Verdict v : verdicts.failures()) {
            softly.fail(v.message());
        }
        softly.assertAll();
    }

    /** Hands the run's {@link Bench} (the one the measuring classes used) to the test. */
    static final class TheBench implements ParameterResolver {
        @Override
        public boolean supportsParameter(ParameterContext parameter, ExtensionContext context) {
            return parameter.getParameter().getType() == Bench.class;
        }

        @Override
        public Object resolveParameter(ParameterContext parameter, ExtensionContext context) {
            return Trials.bench(context);
        }
    }
}
