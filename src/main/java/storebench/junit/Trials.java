package storebench.junit;

import storebench.run.BenchOptions;

import org.junit.jupiter.api.extension.ExtensionContext;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.ArgumentsProvider;
import org.junit.jupiter.params.support.ParameterDeclarations;
import storebench.engine.EngineDescriptor;
import storebench.run.Bench;
import storebench.run.Trial;
import storebench.model.Setting;

import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

/**
 * The JUnit side of a bench run: provides one {@link Trial} per engine and setting chosen by the options (in the
 * report's order, setting by setting), and keeps the {@link Bench} in the root context's store, so it lives for
 * the whole test run and is closed (report rendered) when the run ends. Use it with
 * {@code @ParameterizedClass @ArgumentsSource(Trials.class)}: each class invocation is one trial, and the trial
 * (processes, stores) is closed when that invocation ends.
 */
public final class Trials implements ArgumentsProvider {
    private static final ExtensionContext.Namespace NAMESPACE = ExtensionContext.Namespace.create(Trials.class);

    @Override
    public Stream<? extends Arguments> provideArguments(ParameterDeclarations parameters, ExtensionContext context) {
        Bench bench = bench(context);
        List<Arguments> trials = new ArrayList<>();
        for (Setting setting : bench.options().settings) {
            for (EngineDescriptor engine : bench.options().engines) {
                trials.add(Arguments.of(bench.trial(engine, setting)));
            }
        }
        return trials.stream();
    }

    /** The run's bench, started on first use with the options of this test run. */
    public static Bench bench(ExtensionContext context) {
        ExtensionContext root = context.getRoot();
        return root.getStore(NAMESPACE).getOrComputeIfAbsent(Bench.class, k -> {
            BenchOptions options = BenchOptions.from(
                    key -> root.getConfigurationParameter(key).orElse(System.getProperty(key)), System::getenv);
            try {
                return Bench.start(options, System.out);
            } catch (java.io.IOException e) {
                throw new java.io.UncheckedIOException(e.getMessage(), e);
            }
        }, Bench.class);
    }
}
