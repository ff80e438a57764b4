package storebench.junit;

import org.junit.jupiter.api.extension.ExtensionContext;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.ArgumentsProvider;
import org.junit.jupiter.params.support.ParameterDeclarations;
import storebench.run.Bench;

import java.util.stream.Stream;

/** The trials of a {@link StoreBench} class, in the report's order (setting by setting, engines in column order). */
public final class Trials implements ArgumentsProvider {
    @Override
    public Stream<? extends Arguments> provideArguments(ParameterDeclarations parameters, ExtensionContext context) {
        Bench bench = StoreBenchExtension.bench(context);
        // toList: every trial made before the first runs, though JUnit draws the stream lazily
        return bench.options().settings.stream().flatMap(setting -> bench.options().engines.stream()
                .map(engine -> Arguments.of(bench.trial(engine, setting)))).toList().stream();
    }
}
