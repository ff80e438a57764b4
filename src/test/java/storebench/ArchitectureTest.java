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

/**
 * The package graph of src/main as a test: packages depend downward only, never in a cycle, so a wrong import
 * fails the build the day it is written. scripts/package-graph.sh draws the graph as it is.
 */
class ArchitectureTest {
    /**
     * Each package and the storebench packages it may use, top to bottom: the JUnit extension over the run and the
     * command-line tools (it has the reports written when the run ends, through Render; the run measures and judges,
     * it does not render); the tools (Render, Merge, Compare, ReportCheck) over the report and the gate; the run over
     * the gate; the gate judges a run and the report renders it from its results alone (each stat line describes its
     * statistic, verdicts are results too, and what a phase says beyond its rows comes in as a PhaseReading from whoever
     * renders); the phases over the trial process (its protocol), the trial process over the engines, everything over
     * the results model and the model.
     */
    static final Map<String, List<String>> MAY_USE = new LinkedHashMap<>();

    static {
        MAY_USE.put("junit", List.of("profile", "tools", "run", "report", "gate", "phase", "trial", "measure", "engine",
                "results", "model"));
        MAY_USE.put("profile", List.of("trial", "measure", "engine", "results", "model"));
        MAY_USE.put("tools", List.of("report", "gate", "phase", "measure", "engine", "results", "model"));
        MAY_USE.put("run", List.of("gate", "profile", "phase", "trial", "measure", "engine", "results", "model"));
        MAY_USE.put("report", List.of("engine", "results", "model"));
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
}
