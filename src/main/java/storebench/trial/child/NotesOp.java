package storebench.trial.child;

import storebench.engine.Note;
import storebench.trial.Protocol;
import storebench.trial.answer.NotesAnswer;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;

import java.util.List;

/** {@code notes}: notes j of one store as the engine reads them back (StoreChecks.notes), for the tests. */
final class NotesOp implements ChildOp {
    @Override
    public String name() {
        return NotesAnswer.OP;
    }

    @Override
    public ObjectNode serve(Request r) throws Exception {
        int store = r.json().path("store").asInt(-1);
        int[] js = r.ints("js");
        ArrayNode notes = Protocol.JSON.createArrayNode();
        List<Note> read = r.checks().notes(r.root(), store, js);
        for (int k = 0; k < js.length; k++) {
            notes.addObject().put("j", js[k]).put("id", read.get(k).id).put("text", read.get(k).text)
                    .put("ts", read.get(k).ts);
        }
        return (ObjectNode) r.result().put("store", store).set("notes", notes);
    }
}
