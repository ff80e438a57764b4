package storebench.trial;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import com.fasterxml.jackson.annotation.JsonInclude;
import storebench.model.Setting;

/**
 * The request that loads a trial process' engine ({@link Protocol#HELLO}): the engine and the setting it is made for
 * (the default setting where it names none), and the fraction every operation is made slower by, where the run asked
 * for it (the A/B comparison's own check). Written from this record and read back into it (Jackson).
 */
@JsonIgnoreProperties(ignoreUnknown = true)
@JsonInclude(JsonInclude.Include.NON_NULL)
public record HelloRequest(String op, String engine, String setting, Double slowdown) {
    public HelloRequest {
        setting = setting == null ? Setting.DEFAULT.id() : setting;
    }

    public HelloRequest(String engine, String setting, double slowdown) {
        this(Protocol.HELLO, engine, setting, slowdown > 0 ? slowdown : null);
    }
}
