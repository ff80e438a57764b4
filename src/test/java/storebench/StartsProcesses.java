package storebench;

import org.junit.jupiter.api.Tag;

import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * A test class that starts real trial processes or whole suites: pom.xml runs this group ({@value #TAG}) in a Surefire
 * execution of its own, one test JVM at a time, after the unit tests, so that its processes do not compete with each
 * other for the machine's two cores and memory; `mvn verify` runs both.
 */
@Target(ElementType.TYPE)
@Retention(RetentionPolicy.RUNTIME)
@Tag(StartsProcesses.TAG)
public @interface StartsProcesses {
    String TAG = "processes";
}
