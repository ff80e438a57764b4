package storebench.report;

import storebench.report.model.Report;
import storebench.report.render.Exports;
import storebench.report.render.HtmlReport;
import storebench.report.render.MarkdownReport;
import storebench.results.PhaseReading;
import storebench.results.ResultsFile;
import storebench.results.RunResults;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.function.Consumer;

/** Writes a run folder's reports and exports from its files, at a run's end and for storebench.tools.Render. */
public final class ReportFiles {
    private ReportFiles() {
    }

    /** Writes the reports and exports, telling {@code say} each file, why no exports, what input was damaged. */
    public static void write(Path dir, List<? extends PhaseReading> phases, Consumer<String> say) throws IOException {
        Report built = ReportBuilder.of(dir, phases); // built once, rendered twice
        if (!Files.isRegularFile(dir.resolve(RunResults.ENVIRONMENT))) {
            say.accept("damaged: " + dir.resolve(RunResults.ENVIRONMENT) + " is missing: the report says the machine"
                    + " and the engines' versions are unknown");
        }
        built.page().charts().percentiles().forEach(p -> p.damaged().forEach(why -> say.accept("damaged: " + why
                + ": not drawn in " + HtmlReport.NAME)));
        say.accept("report: " + MarkdownReport.write(dir, built));
        say.accept("report: " + HtmlReport.write(dir, built));
        RunResults results = RunResults.load(dir);
        // the profile's section on its own too (-Dbench.profile=true, bench.profilers), for reading beside its files
        String profile = ProfileSection.render(ResultsFile.read(dir.resolve(ResultsFile.NAME)));
        if (!profile.isEmpty()) {
            Path md = dir.resolve(ProfileSection.FILE);
            Files.writeString(md, profile, StandardCharsets.UTF_8);
            say.accept("report: " + md);
        }
        for (Path p : Exports.write(dir, results)) {
            say.accept("export: " + p);
        }
        Exports.withheld(results).or(() -> Exports.profiledLeftOut(results)).ifPresent(why -> say.accept("not exported: " + why));
    }
}
