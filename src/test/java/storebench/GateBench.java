package storebench;

import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestReporter;
import org.junit.jupiter.api.extension.ExtendWith;
import storebench.gate.Gate;
import storebench.gate.Verdict;
import storebench.gate.Verdicts;
import storebench.junit.StoreBenchExtension;
import storebench.report.render.MarkdownReport;
import storebench.results.RunResults;
import storebench.run.Bench;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.fail;

/**
 * The regression gate on the whole run, after all measurements (the class order puts it last). Each phase test
 * already failed on the rules its own figures broke; this one judges what needs the whole run: that something was
 * measured at all, and the comparison with the baseline (bench.baseline). The verdicts go to verdicts.json and the
 * report when the run ends.
 */
@Order(Integer.MAX_VALUE)
@ExtendWith(StoreBenchExtension.class)
class GateBench {

    @Test
    void thresholdsHold(Bench bench, TestReporter reporter) throws Exception {
        // inconclusive baseline verdicts get more open runs first (bench.resample), while the stores exist
        Bench.Resampling resampled = bench.resampleInconclusive();
        if (!resampled.added().isEmpty()) {
            System.out.println("[storebench] gate: resampling added open runs: " + resampled.added());
            reporter.publishEntry(Map.of("resampled", resampled.added().toString()));
        }
        bench.finishMeasurements(); // every trial closed: results.jsonl holds all there will be
        Path out = bench.outputDir();
        RunResults run = RunResults.load(out);
        Verdicts verdicts = bench.verdicts();
        reporter.publishEntry(Map.of("gate", verdicts.summary()));

        if (run.lines("stat").isEmpty()) {
            List<String> why = run.failures();
            fail("the run measured nothing" + (why.isEmpty() ? " (no trial ran: see bench.engines and bench.settings)"
                    : ": " + String.join("; ", why)) + ". The gate has nothing to judge; see "
                    + out.resolve(MarkdownReport.NAME) + " when the run has ended.");
        }
        List<Verdict> list = verdicts.all();
        if (!bench.options().baselineMismatchWarns) {
            list.stream().filter(v -> v.detail().startsWith(Gate.NOT_COMPARABLE)).findFirst().ifPresent(v -> fail(
                    "-Dbench.baseline=" + bench.options().baseline.orElse(null) + ": " + v.detail() + ". A run that"
                            + " asked for a comparison does not pass without one; -Dbench.baselineMismatch=warn lets it."));
        }
        java.util.Optional<String> nothing = verdicts.anyEvaluated() ? java.util.Optional.empty()
                : Gate.nothingToJudge(list, verdicts.thresholds(), run);
        if (nothing.isPresent()) {
            // a run of phases no rule covers (the capacity phase alone) passes: there was nothing to check
            System.out.println("[storebench] gate: " + nothing.get());
            reporter.publishEntry(Map.of("gate", nothing.get()));
        } else if (!verdicts.anyEvaluated()) {
            fail("the regression gate checked nothing: " + verdicts.thresholds() + " has no rule for the engines, settings"
                    + " and workload of this run (" + list.size() + " rules not evaluated; the \"Regression gate\""
                    + " section of " + out.resolve(MarkdownReport.NAME) + " lists them). Add rules for them to the"
                    + " thresholds file, or give one that has them with -Dbench.thresholds=FILE.");
        }
        // ceilings and ratios failed the phase tests that measured their figures; the baseline needs the whole run
        List<String> baseline = list.stream().filter(v -> v.kind() == Verdict.Kind.BASELINE
                && v.status() == Verdict.Status.FAIL).map(Verdict::message).collect(java.util.stream.Collectors.toList());
        List<String> problems = new java.util.ArrayList<>();
        if (!baseline.isEmpty()) {
            problems.add(baseline.size() + " statistics worse than the baseline " + verdicts.baseline().orElse("")
                    + ":\n  " + String.join("\n  ", baseline));
        }
        // an extra open run that failed is the gate's failure: the trial's own figures stand and are judged
        resampled.failed().forEach((trial, why) -> problems.add("the gate's resampling (bench.resample) failed for "
                + trial + ": " + why + "\n  its baseline verdicts are judged on the runs it had"));
        if (!problems.isEmpty()) {
            fail(String.join("\n", problems));
        }
    }
}
