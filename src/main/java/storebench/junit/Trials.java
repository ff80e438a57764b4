package storebench.junit;

import org.junit.jupiter.api.extension.ExtensionContext;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.ArgumentsProvider;
import org.junit.jupiter.params.support.ParameterDeclarations;
import storebench.engine.EngineDescriptor;
import storebench.model.Setting;
import storebench.run.Bench;

import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

/** The trials of a {@link StoreBench} class, in the report's order (setting by setting, engines in column order). */
public final class Trials implements ArgumentsProvider {
    @Override
    public Stream<? extends Arguments> provideArguments(ParameterDeclarations parameters, ExtensionContext context) {
        Bench bench = StoreBenchExtension.bench(context);
        List<Arguments> trials = new ArrayList<>();
        for (Setting setting : bench.options().settings) {
            for (EngineDescriptor engine : bench.options().engines) {
                trials.add(Arguments.of(bench.trial(engine, setting)));
            }
        }
        return trials.stream();
    }
}
