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
 * A bench test class: one invocation per engine and setting the options choose, each with its
 * {@link storebench.run.Trial} in the class' {@code @Parameter} field; its test methods are phases, in {@code @Order}
 * or {@link PhaseOrder}. {@link StoreBenchExtension} runs the rest.
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
