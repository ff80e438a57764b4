package storebench.junit;

import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.TestMethodOrder;
import org.junit.jupiter.api.extension.BeforeEachCallback;
import org.junit.jupiter.api.extension.ConditionEvaluationResult;
import org.junit.jupiter.api.extension.ExecutionCondition;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.junit.jupiter.api.extension.InvocationInterceptor;
import org.junit.jupiter.api.extension.ParameterContext;
import org.junit.jupiter.api.extension.ParameterResolver;
import org.junit.jupiter.api.extension.ReflectiveInvocationContext;
import org.junit.jupiter.api.extension.TestExecutionExceptionHandler;
import org.opentest4j.AssertionFailedError;
import org.opentest4j.TestAbortedException;
import storebench.gate.Verdict;
import storebench.measure.LoadGate;
import storebench.phase.Measured;
import storebench.phase.NotMeasured;
import storebench.phase.Phase;
import storebench.phase.Phases;
import storebench.report.ReportFiles;
import storebench.run.Bench;
import storebench.run.BenchOptions;
import storebench.run.RunPlan;
import storebench.run.Trial;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.lang.reflect.Field;
import java.lang.reflect.Method;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.stream.Collectors;

/**
 * The suite's JUnit 5 extension, brought by {@link StoreBench} (or {@code @ExtendWith}, like GateBench). The run lives
 * in the root context's store, closed (verdicts, report) when the test run ends; each trial in its class invocation's
 * store. After each phase test its figures are published as report entries and judged at once: a violated rule fails
 * that test. A phase that cannot be measured here skips its test with the reason.
 */
public final class StoreBenchExtension implements ExecutionCondition, BeforeEachCallback, ParameterResolver,
        InvocationInterceptor, TestExecutionExceptionHandler {
    private static final ExtensionContext.Namespace NAMESPACE = ExtensionContext.Namespace.create(StoreBenchExtension.class);

    /** Read once: a refused option fails the first bench class and disables the later ones, said once. */
    static BenchOptions options(ExtensionContext context) {
        ReadOptions read = ReadOptions.of(context);
        if (read.refused() != null) {
            throw read.refused();
        }
        return read.options();
    }

    /** The run's options, or why they were refused. */
    private record ReadOptions(BenchOptions options, RuntimeException refused, AtomicBoolean told) {
        /** The run's, read once into the root context's store. */
        static ReadOptions of(ExtensionContext context) {
            ExtensionContext root = context.getRoot();
            return root.getStore(NAMESPACE).getOrComputeIfAbsent(ReadOptions.class, k -> read(root), ReadOptions.class);
        }

        private static ReadOptions read(ExtensionContext root) {
            try {
                BenchOptions options = new BenchOptions(key -> root.getConfigurationParameter(key)
                        .orElse(System.getProperty(key)), System::getenv, SelectedPhases.picked());
                options.refuseUnknown(System.getProperties().stringPropertyNames(), System.getenv().keySet());
                return new ReadOptions(options, null, new AtomicBoolean());
            } catch (IllegalArgumentException e) {
                return new ReadOptions(null, e, new AtomicBoolean());
            }
        }
    }

    /**
     * The first bench class runs and fails with the refusal as it is (a condition that threw would print it twice
     * more); every other class is disabled.
     */
    private static Optional<ConditionEvaluationResult> afterRefusal(ExtensionContext context) {
        ReadOptions read = ReadOptions.of(context);
        if (read.refused() == null) {
            return Optional.empty();
        }
        if (context.getTestMethod().isEmpty() && !read.told().getAndSet(true)) {
            return Optional.of(ConditionEvaluationResult.enabled("the bench's options were refused: this class fails"
                    + " with why"));
        }
        return Optional.of(ConditionEvaluationResult.disabled("not run: the bench's options were refused (the first"
                + " bench class failed, saying why)"));
    }

    /** bench.plan=true prints the plan once and disables every bench class (JMH's -l and -lp). */
    @Override
    public ConditionEvaluationResult evaluateExecutionCondition(ExtensionContext context) {
        Optional<ConditionEvaluationResult> refused = afterRefusal(context);
        if (refused.isPresent()) {
            return refused.get();
        }
        BenchOptions options = options(context);
        if (!options.planOnly) {
            return phaseTest(context).filter(p -> !options.phases.contains(p)).map(p -> ConditionEvaluationResult
                    .disabled("phase " + p.id() + " not measured: bench.phases=" + options.phasesAsked + " measures "
                            + options.phases.stream().map(Phase::id).collect(Collectors.joining(", "))
                            + " (-Dbench.phases=all measures every phase)"))
                    .orElse(ConditionEvaluationResult.enabled("bench.plan is not set: the run measures"));
        }
        context.getRoot().getStore(NAMESPACE).getOrComputeIfAbsent(RunPlan.class, k -> {
            RunPlan plan = RunPlan.probed(options);
            Bench.printPlan(plan, System.out);
            return plan;
        }, RunPlan.class);
        return ConditionEvaluationResult.disabled("bench.plan=true: planned, nothing measured");
    }

    /** The phase a {@link PhaseOrder} test method is named by. */
    static Optional<Phase> phaseTest(ExtensionContext context) {
        Optional<Method> method = context.getTestMethod();
        TestMethodOrder order = context.getRequiredTestClass().getAnnotation(TestMethodOrder.class);
        if (method.isEmpty() || order == null || order.value() != PhaseOrder.class) {
            return Optional.empty();
        }
        return Phases.byId(method.get().getName());
    }

    /** Started on first use, closed when the test run ends. */
    public static Bench bench(ExtensionContext context) {
        ExtensionContext root = context.getRoot();
        return root.getStore(NAMESPACE).getOrComputeIfAbsent(Bench.class, k -> {
            BenchOptions options = options(context);
            try {
                return Bench.start(options, System.out, (dir, out) -> ReportFiles.write(dir, Phases.ALL,
                        said -> out.println("[storebench] " + said))); // the reports, once the run has ended
            } catch (IOException e) {
                throw new UncheckedIOException(e.getMessage(), e);
            }
        }, Bench.class);
    }

    static Optional<Trial> trial(ExtensionContext context) {
        Optional<Object> instance = context.getTestInstance();
        if (instance.isEmpty()) {
            return Optional.empty();
        }
        for (Class<?> c = instance.get().getClass(); c != null; c = c.getSuperclass()) {
            for (Field f : c.getDeclaredFields()) {
                if (Trial.class.isAssignableFrom(f.getType())) {
                    try {
                        f.setAccessible(true);
                        return Optional.ofNullable((Trial) f.get(instance.get()));
                    } catch (IllegalAccessException e) {
                        throw new IllegalStateException("cannot read the trial field " + f, e);
                    }
                }
            }
        }
        return Optional.empty();
    }

    /** The trial goes into its invocation's store; one whose engine cannot run here is skipped, saying why. */
    @Override
    public void beforeEach(ExtensionContext context) throws Exception {
        Optional<Trial> trial = trial(context);
        if (trial.isEmpty()) {
            return;
        }
        ExtensionContext invocation = context.getParent().orElseThrow();
        invocation.getStore(NAMESPACE).getOrComputeIfAbsent(Trial.class, k -> trial.get(), Trial.class);
        Optional<String> why = trial.get().skipIfUnavailable();
        Assumptions.assumeTrue(why.isEmpty(), () -> trial.get() + " not measured: " + why.orElse(""));
    }

    @Override
    public boolean supportsParameter(ParameterContext parameter, ExtensionContext context) {
        return parameter.getParameter().getType() == Bench.class;
    }

    @Override
    public Object resolveParameter(ParameterContext parameter, ExtensionContext context) {
        return bench(context);
    }

    /** Runs a phase test, publishes what it measured and judges it: a violated rule fails this test. */
    @Override
    public void interceptTestMethod(Invocation<Void> invocation, ReflectiveInvocationContext<Method> invocationContext,
                                    ExtensionContext context) throws Throwable {
        Optional<Trial> trial = trial(context);
        if (trial.isEmpty()) {
            invocation.proceed();
            return;
        }
        int measuredBefore = trial.get().measuredLog().size();
        int waitsBefore = trial.get().loadWaits().size();
        try {
            invocation.proceed();
        } catch (NotMeasured e) {
            // the trial recorded it; the phase test is skipped with why, not failed
            throw new TestAbortedException(trial.get() + " > " + context.getRequiredTestMethod().getName()
                    + " not measured: " + e.getMessage());
        }
        List<Measured> measured = trial.get().measuredLog().subList(measuredBefore, trial.get().measuredLog().size());
        publish(context, measured, trial.get().loadWaits().subList(waitsBefore, trial.get().loadWaits().size()));
        Bench bench = bench(context);
        List<Verdict> failed = new java.util.ArrayList<>();
        for (Measured m : measured) {
            bench.judge(trial.get(), m).stream().filter(v -> v.status() == Verdict.Status.FAIL).forEach(failed::add);
        }
        if (!failed.isEmpty()) {
            throw new AssertionFailedError(trial.get() + " > " + context.getRequiredTestMethod().getName() + ": "
                    + failed.size() + (failed.size() == 1 ? " rule" : " rules") + " of " + bench.thresholds().file()
                    + " violated: " + failed.stream().map(Verdict::message).collect(Collectors.joining("\n  ", "\n  ", "")));
        }
    }

    /** Each statistic (3 decimals), and the phase's load waits where it waited, as JUnit report entries. */
    private static void publish(ExtensionContext context, List<Measured> measured, List<LoadGate.Wait> waits) {
        for (Measured m : measured) {
            Map<String, String> entries = new LinkedHashMap<>();
            m.figures().forEach((stat, v) -> entries.put(stat.id(), String.format(Locale.ROOT, "%.3f", v)));
            if (!entries.isEmpty()) {
                context.publishReportEntry(entries);
            }
        }
        // one entry for the phase, and only where it waited: results.jsonl and the report have every reading
        List<LoadGate.Wait> waited = waits.stream().filter(w -> w.waitedMs() > 0 || w.gaveUp()).toList();
        if (!waited.isEmpty()) {
            context.publishReportEntry(Map.of("loadWaits", String.valueOf(waited.size()),
                    "loadWaitMs", String.valueOf(waited.stream().mapToLong(w -> w.waitedMs()).sum()),
                    "loadGaveUp", String.valueOf(waited.stream().filter(w -> w.gaveUp()).count()),
                    "load1", String.format(Locale.ROOT, "%.2f", waited.get(waited.size() - 1).load1())));
        }
    }

    /** A phase test that throws: the trial's failed status line (once), then the failure as it is. */
    @Override
    public void handleTestExecutionException(ExtensionContext context, Throwable throwable) throws Throwable {
        Optional<Trial> trial = trial(context);
        if (trial.isPresent() && throwable instanceof Exception
                && !(throwable instanceof org.opentest4j.TestAbortedException)) {
            trial.get().recordFailure(context.getRequiredTestMethod().getName(), null, (Exception) throwable);
        }
        throw throwable;
    }
}
