package storebench.engine;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;

/**
 * The SQL engines' note table through JDBC, the same statements for each, so that their columns differ by the engine
 * and driver only: the count query, the ordered read, and the batched insert in one transaction.
 */
final class JdbcNotes {
    static final String COUNT = "SELECT count(*) FROM note";
    static final String INSERT = "INSERT INTO note (text, ts) VALUES (?, ?)";
    static final String READ = "SELECT id, text, ts FROM note ORDER BY id";

    /** What runs after the commit, inside putAll (H2's CHECKPOINT SYNC under the durable setting). */
    interface AfterCommit {
        void run(Connection connection) throws SQLException;
    }

    private JdbcNotes() {
    }

    /** A new store's connection with the engine's schema made; the connection is closed if the schema fails. */
    static Connection withSchema(Connection connection, String schema) throws SQLException {
        try (Statement statement = connection.createStatement()) {
            statement.executeUpdate(schema);
        } catch (SQLException e) {
            connection.close();
            throw e;
        }
        return connection;
    }

    /** Rolls a failed transaction back and returns its error, the engine's own (not the rollback's), to throw. */
    static SQLException rolledBack(Connection connection, SQLException e) {
        try {
            connection.rollback();
        } catch (SQLException rollback) {
            e.addSuppressed(rollback);
        }
        return e;
    }

    /** One transaction through JDBC's bulk path (addBatch, one executeBatch), as a Java program writes many rows. */
    static void putAll(Connection connection, Note[] notes, AfterCommit afterCommit) throws SQLException {
        connection.setAutoCommit(false);
        try (PreparedStatement insert = connection.prepareStatement(INSERT)) {
            for (Note note : notes) {
                insert.setString(1, note.text);
                insert.setLong(2, note.ts);
                insert.addBatch();
            }
            insert.executeBatch();
            connection.commit();
            afterCommit.run(connection);
        } catch (SQLException e) {
            throw rolledBack(connection, e);
        }
        connection.setAutoCommit(true);
    }

    /**
     * One prepared INSERT in auto-commit, its own transaction (a setAutoCommit toggle would leave sqlite-jdbc's
     * deferred BEGIN open after the commit).
     */
    static void writeOne(Connection connection, String sql, Long id, Note note) throws SQLException {
        try (PreparedStatement insert = connection.prepareStatement(sql)) {
            int k = 1;
            if (id != null) {
                insert.setLong(k++, id);
            }
            insert.setString(k++, note.text);
            insert.setLong(k, note.ts);
            insert.executeUpdate();
        }
    }

    static long count(Connection connection) throws SQLException {
        try (Statement statement = connection.createStatement(); ResultSet rs = statement.executeQuery(COUNT)) {
            rs.next();
            return rs.getLong(1);
        }
    }

    static List<Note> readAll(Connection connection) throws SQLException {
        List<Note> notes = new ArrayList<>();
        try (Statement statement = connection.createStatement(); ResultSet rs = statement.executeQuery(READ)) {
            while (rs.next()) {
                Note note = new Note(rs.getString(2), rs.getLong(3));
                note.id = rs.getLong(1);
                notes.add(note);
            }
        }
        return notes;
    }
}
