package storebench.junit;

import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.MethodOrdererContext;
import storebench.phase.Phases;

import java.util.Comparator;

/**
 * Orders a bench class' phase tests as {@link Phases#ALL} orders their phases, the order a trial measures them: each
 * test method is named by the id of the phase it measures, as {@link Phases#byId} finds it ({@code openRuns}). The
 * phase order is then said once, by Phases.ALL; a method that names no phase fails the class, naming the valid ones.
 * StoreLifeBench uses it ({@code @TestMethodOrder(PhaseOrder.class)}).
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
