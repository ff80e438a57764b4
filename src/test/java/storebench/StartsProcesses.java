package storebench;

import org.junit.jupiter.api.Tag;

import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * A test class that starts real trial processes or whole suites: pom.xml runs this group ({@value #TAG}) in a Surefire
 * execution of its own after the unit tests, two test JVMs at a time; a class that reads the machine's free memory
 * also has the tag {@value #ALONE}, and runs after them in one test JVM, so that no other test's trial process
 * pre-touches a heap beside it. `mvn verify` runs all three.
 */
@Target(ElementType.TYPE)
@Retention(RetentionPolicy.RUNTIME)
@Tag(StartsProcesses.TAG)
public @interface StartsProcesses {
    String TAG = "processes";
    /** The tag of a class of this group that must run with no other test beside it. */
    String ALONE = "alone";
}
