package storebench.junit;

import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.MethodOrdererContext;
import storebench.phase.Phases;

import java.util.Comparator;

/**
 * Orders a bench class' phase tests as {@link Phases#ALL} orders their phases, so the order is said once: each test
 * method is named by its phase's id ({@code openRuns}); a method that names no phase fails the class.
 */
public final class PhaseOrder implements MethodOrderer {
    @Override
    public void orderMethods(MethodOrdererContext context) {
        context.getMethodDescriptors().sort(Comparator.comparingInt(m -> position(m.getMethod().getName())));
    }

    /** The place in Phases.ALL of the phase the test method named {@code name} measures. */
    public static int position(String name) {
        return Phases.ALL.indexOf(Phases.of(name));
    }
}
