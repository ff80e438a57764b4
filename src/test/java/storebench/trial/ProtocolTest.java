package storebench.trial;


import storebench.trial.answer.VisitsAnswer;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class ProtocolTest {
    @Test
    void encodesARequestAsOneLineAndDecodesAResultBack() {
        ObjectNode request = Protocol.request(VisitsAnswer.OP).put("root", "/r").put("run", 2);
        request.set("order", Protocol.JSON.valueToTree(new int[] {3, 1, 2}));
        String line = Protocol.encode(request);
        assertThat(line).doesNotContain("\n").isEqualTo("{\"op\":\"visits\",\"root\":\"/r\",\"run\":2,\"order\":[3,1,2]}");

        ObjectNode result = Protocol.result(VisitsAnswer.OP).put("wallNs", 5);
        result.putObject("samples").set("open", Protocol.JSON.valueToTree(new long[] {10, 20}));
        ObjectNode decoded = Protocol.decode(Protocol.encode(result)).orElseThrow();
        assertThat(decoded.path("type").asText()).isEqualTo("result");
        assertThat(Protocol.toLongs(decoded.path("samples").get("open"), "open")).containsExactly(10, 20);
    }

    @Test
    void progressAndErrorLinesCarryTheirFields() {
        ObjectNode progress = Protocol.decode(Protocol.encode(Protocol.progress("create", 3, 10))).orElseThrow();
        assertThat(progress.path("done").asInt()).isEqualTo(3);
        assertThat(progress.path("total").asInt()).isEqualTo(10);
        ObjectNode error = Protocol.decode(Protocol.encode(Protocol.error("hello", "boom"))).orElseThrow();
        assertThat(error.path("type").asText()).isEqualTo("error");
        assertThat(error.path("message").asText()).isEqualTo("boom");
    }

    @Test
    void anythingThatIsNotAJsonObjectWithATypeIsNotProtocol() {
        assertThat(Protocol.decode("ObjectBox says hello")).isEmpty();
        assertThat(Protocol.decode("{not json")).isEmpty();
        assertThat(Protocol.decode("[1,2]")).isEmpty();
        assertThat(Protocol.decode("{\"op\":\"create\"}")).isEmpty();
        assertThat(Protocol.decode("  {\"type\":\"result\",\"op\":\"exit\"}  ")).isPresent();
    }

    @Test
    void arraysOfTheWrongShapeAreRejectedByName() {
        assertThatThrownBy(() -> Protocol.toInts(null, "stores")).hasMessageContaining("'stores' must be an array");
        assertThatThrownBy(() -> Protocol.toLongs(Protocol.JSON.createObjectNode(), "open"))
                .hasMessageContaining("'open' must be an array");
    }
}
