package storebench.junit;

import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.TestMethodOrder;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.params.ParameterizedClass;
import org.junit.jupiter.params.provider.ArgumentsSource;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * A bench test class: one invocation of the class per engine and setting the options choose (bench.engines,
 * bench.settings), each with its {@link storebench.run.Trial} in the class' {@code @Parameter} field; its test methods
 * are phases, run in {@code @Order} (or, with {@code @TestMethodOrder(PhaseOrder.class)}, in the phases' own order). The extension ({@link StoreBenchExtension}) starts the run, hands out the trial,
 * waits for the load around each phase, gates each phase's figures, records failures and writes the report once.
 *
 * <pre>{@code
 * @StoreBench
 * class StoreLifeBench {
 *     @Parameter Trial trial;
 *     @Test @Order(1) void create() throws Exception { trial.measure(Phases.CREATE); }
 * }
 * }</pre>
 */
@Target(ElementType.TYPE)
@Retention(RetentionPolicy.RUNTIME)
@Documented
@ExtendWith(StoreBenchExtension.class)
@ParameterizedClass(name = "{0}", autoCloseArguments = false)
@ArgumentsSource(Trials.class)
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
public @interface StoreBench {
}
