package storebench.engine;

import io.objectbox.annotation.Entity;
import io.objectbox.annotation.Id;

/** One note of a store: the ObjectBox entity, and the row the SQL engines insert. */
@Entity
public class Note {
    @Id
    public long id;
    public String text;
    public long ts;

    public Note() {
    }

    public Note(String text, long ts) {
        this.text = text;
        this.ts = ts;
    }
}
