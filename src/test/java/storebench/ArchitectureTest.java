package storebench;

import com.tngtech.archunit.core.domain.JavaClass;
import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.classes;
import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * The package graph of src/main as a test: packages depend downward only, never in a cycle, so a wrong import
 * fails the build the day it is written. scripts/package-graph.sh draws the graph as it is.
 */
class ArchitectureTest {
    /**
     * Each package and the storebench packages it may use, top to bottom: the JUnit extension over the run and the
     * report (it has the reports written when the run ends, through ReportFiles; the run measures and judges, it does
     * not render); the command-line tools (Render, Merge, Compare, ReportCheck) over the report and the gate, Costs
     * over the run's cost table, which it makes; the run over the gate; the report over the gate, whose verdicts.json
     * it shows (Verdicts and their records are the gate's, read without judging anything); the gate judges a run and
     * the report renders it from its files alone (each stat line describes its statistic, and what a phase says beyond
     * its rows comes in as a PhaseReading from whoever renders); the phases over the trial process (its protocol), the
     * trial process over the engines, everything over the results model and the model.
     */
    static final Map<String, List<String>> MAY_USE = new LinkedHashMap<>();

    static {
        MAY_USE.put("junit", List.of("profile", "run", "report", "gate", "phase", "trial", "measure", "engine",
                "results", "model"));
        MAY_USE.put("profile", List.of("trial", "measure", "engine", "results", "model"));
        MAY_USE.put("tools", List.of("report", "gate", "run", "phase", "measure", "engine", "results", "model"));
        MAY_USE.put("run", List.of("gate", "profile", "phase", "trial", "measure", "engine", "results", "model"));
        MAY_USE.put("report", List.of("gate", "engine", "results", "model"));
        MAY_USE.put("gate", List.of("engine", "results", "model"));
        MAY_USE.put("phase", List.of("trial", "measure", "engine", "results", "model"));
        MAY_USE.put("trial", List.of("measure", "engine", "results", "model"));
        MAY_USE.put("engine", List.of("results", "model"));
        MAY_USE.put("measure", List.of("results", "model"));
        MAY_USE.put("results", List.of("model"));
        MAY_USE.put("model", List.of());
    }

    private static JavaClasses main;

    @BeforeAll
    static void importMainClasses() {
        main = new ClassFileImporter().withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
                .importPackages("storebench");
    }

    static Stream<String> packages() {
        return MAY_USE.keySet().stream();
    }

    @ParameterizedTest
    @MethodSource("packages")
    void eachPackageUsesOnlyThePackagesBelowIt(String pkg) {
        List<String> allowed = new ArrayList<>();
        allowed.add("storebench." + pkg + "..");
        MAY_USE.get(pkg).forEach(p -> allowed.add("storebench." + p + ".."));
        classes().that().resideInAPackage("storebench." + pkg + "..")
                .should().onlyDependOnClassesThat(JavaClass.Predicates.resideOutsideOfPackage("storebench..")
                        .or(JavaClass.Predicates.resideInAnyPackage(allowed.toArray(String[]::new))))
                .because("packages depend one way (ArchitectureTest.MAY_USE)")
                .check(main);
    }

    @Test
    void everyMainPackageHasItsPlaceInTheGraph() {
        classes().should().resideInAnyPackage(MAY_USE.keySet().stream().map(p -> "storebench." + p + "..")
                .toArray(String[]::new)).because("a new package needs its place in ArchitectureTest.MAY_USE")
                .check(main);
    }

    /**
     * The trial process' own code (storebench.trial.child: its main, the phase loops, the yardstick) runs only in the
     * trial process: the parent's side names its main class (Protocol.JVM_MAIN) and speaks the protocol, nothing more.
     */
    @Test
    void onlyTheTrialProcessUsesItsOwnSide() {
        classes().that().resideOutsideOfPackage("storebench.trial.child..")
                .should().onlyDependOnClassesThat(JavaClass.Predicates.resideOutsideOfPackage("storebench.trial.child.."))
                .because("the parent's side and the trial process' side meet in the protocol only")
                .check(main);
    }

    /**
     * Trial processes are started in one place (run/Trial, for a phase): a profiler wraps a process the trial starts and
     * reads what it wrote, it never starts one with a command line of its own.
     */
    @Test
    void onlyTheTrialStartsTrialProcesses() {
        noClasses().that().resideOutsideOfPackage("storebench.run..").and().resideOutsideOfPackage("storebench.trial..")
                .should().dependOnClassesThat().haveFullyQualifiedName("storebench.trial.TrialProcess")
                .because("a profiler plugs into the trial's processes; it has no orchestrator of its own")
                .check(main);
    }

    /**
     * report/ in layers: the document model (report.model) names no renderer or section; the renderers
     * (report.render) turn a model into report.md, report.html and the exports and build nothing; the sections and
     * the builder (report) make the model; the comparison of two runs (report.compare) sits on top.
     */
    @Test
    void reportIsLayeredModelRenderersSectionsComparison() {
        layer("storebench.report.model..", "storebench.report.render..", "storebench.report.compare..");
        noClasses().that().resideInAPackage("storebench.report.model..").should().dependOnClassesThat()
                .resideInAPackage("storebench.report").because("the model is below the sections that build it")
                .check(main);
        layer("storebench.report.render..", "storebench.report.compare..");
        noClasses().that().resideInAPackage("storebench.report.render..").should().dependOnClassesThat()
                .resideInAPackage("storebench.report").because("a renderer renders a model; it builds none")
                .check(main);
        noClasses().that().resideInAPackage("storebench.report").should().dependOnClassesThat()
                .resideInAPackage("storebench.report.compare..").because("the comparison sits on top").check(main);
    }

    private static void layer(String lower, String... upper) {
        noClasses().that().resideInAPackage(lower).should().dependOnClassesThat().resideInAnyPackage(upper)
                .because(lower + " sits below " + String.join(", ", upper)).check(main);
    }

    @Test
    void packagesAreFreeOfCycles() {
        slices().matching("storebench.(*)..").should().beFreeOfCycles().check(main);
    }

    /**
     * Where a run's files are read by field name ({@code .path("...")} on a line of results.jsonl, environment.json or
     * verdicts.json): results/ parses them once into records (RunLine, PhaseLine, EnvironmentFile, ...), and the
     * protocol's edge decodes what crosses it: the answers (trial/answer), the requests in the trial process' ops
     * (trial/child), and the protocol's own envelope (Protocol, TrialProcess). Everything else reads records.
     */
    static final List<String> READ_BY_NAME_IN = List.of("results/", "trial/answer/", "trial/child/",
            "trial/Protocol.java", "trial/TrialProcess.java");

    @Test
    void aRunsFilesAreReadByFieldNameOnlyInResultsAndAtTheProtocolsEdge() throws java.io.IOException {
        java.nio.file.Path src = java.nio.file.Path.of("src/main/java/storebench");
        List<String> over = new ArrayList<>();
        try (Stream<java.nio.file.Path> files = java.nio.file.Files.walk(src)) {
            for (java.nio.file.Path f : files.filter(p -> p.toString().endsWith(".java")).sorted().toList()) {
                String name = src.relativize(f).toString().replace('\\', '/');
                if (READ_BY_NAME_IN.stream().anyMatch(name::startsWith)) {
                    continue;
                }
                String code = java.nio.file.Files.readString(f);
                int n = 0;
                for (int i = code.indexOf(".path(\""); i >= 0; i = code.indexOf(".path(\"", i + 1)) {
                    n++;
                }
                if (n > 0) {
                    over.add(name + ": " + n + " reads by field name: read the records of storebench.results instead");
                }
            }
        }
        assertThat(over).isEmpty();
    }
}
