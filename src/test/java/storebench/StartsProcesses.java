package storebench;

import org.junit.jupiter.api.Tag;

import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * A test class that starts real trial processes or whole suites: pom.xml runs this group ({@value #TAG}) in a Surefire
 * execution of its own after the unit tests, two test JVMs at a time. `mvn verify` runs both.
 */
@Target(ElementType.TYPE)
@Retention(RetentionPolicy.RUNTIME)
@Tag(StartsProcesses.TAG)
public @interface StartsProcesses {
    String TAG = "processes";
}
