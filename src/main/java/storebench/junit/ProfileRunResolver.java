package storebench.junit;

import org.junit.jupiter.api.extension.ExtensionContext;
import org.junit.jupiter.api.extension.ParameterContext;
import org.junit.jupiter.api.extension.ParameterResolver;
import storebench.profile.ProfileRun;

import java.io.IOException;
import java.io.UncheckedIOException;

/**
 * Hands a test class its {@link ProfileRun} ("Where the time goes", on the run's bench), kept in the class' store:
 * started on first use, closed (its section written, its tmpfs root removed) when the class ends.
 */
public final class ProfileRunResolver implements ParameterResolver {
    private static final ExtensionContext.Namespace NAMESPACE = ExtensionContext.Namespace.create(ProfileRunResolver.class);

    @Override
    public boolean supportsParameter(ParameterContext parameter, ExtensionContext context) {
        return parameter.getParameter().getType() == ProfileRun.class;
    }

    @Override
    public Object resolveParameter(ParameterContext parameter, ExtensionContext context) {
        ExtensionContext classContext = context;
        while (classContext.getTestMethod().isPresent() && classContext.getParent().isPresent()) {
            classContext = classContext.getParent().get();
        }
        return classContext.getStore(NAMESPACE).getOrComputeIfAbsent(ProfileRun.class, k -> {
            try {
                return ProfileRun.start(StoreBenchExtension.bench(context), System.out);
            } catch (IOException e) {
                throw new UncheckedIOException(e.getMessage(), e);
            }
        }, ProfileRun.class);
    }
}
