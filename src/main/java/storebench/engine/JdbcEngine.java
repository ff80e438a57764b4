package storebench.engine;

import java.nio.file.Path;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.List;
import java.util.Properties;
import java.util.function.Function;

/**
 * A SQL engine over JDBC: a store is one connection, made by the engine's own driver; the statements are
 * {@link JdbcNotes}', the same for every SQL engine, so that their columns differ by the engine and driver only.
 */
abstract class JdbcEngine implements Engine {
    /** The driver's own connect: DriverManager's lookup of a driver by its URL is harness work, not engine work. */
    @FunctionalInterface
    interface Connect {
        Connection connect(String url, Properties properties) throws SQLException;
    }

    private final String url;
    private final String fileName;
    private final Connect driver;
    private final Properties properties;
    /** Those of an open for a phase that only reads. */
    private final Properties forReading;
    private final String schema;
    private final Function<Connection, JdbcStore> stores;

    /** {@code url} goes before the store's {@code fileName} ("jdbc:sqlite:"); {@code reading}: opens that only read. */
    JdbcEngine(String url, String fileName, Connect driver, String schema, Function<Connection, JdbcStore> stores,
               Properties writing, Properties reading) {
        this.url = url;
        this.fileName = fileName;
        this.driver = driver;
        this.schema = schema;
        this.stores = stores;
        this.properties = writing;
        this.forReading = reading;
    }

    final Connection connect(Path dir) throws SQLException {
        return driver.connect(url + dir.resolve(fileName), properties);
    }

    @Override
    public OpenStore create(Path dir) throws SQLException {
        return stores.apply(JdbcNotes.withSchema(connect(dir), schema));
    }

    @Override
    public OpenStore open(Path dir) throws SQLException {
        return stores.apply(connect(dir));
    }

    @Override
    public OpenStore openForReading(Path dir) throws SQLException {
        return stores.apply(driver.connect(url + dir.resolve(fileName), forReading));
    }

    final Properties readingProperties() {
        return forReading;
    }

    /** One open store: its connection, counted and read by JdbcNotes' statements, closed by closing it. */
    abstract static class JdbcStore implements OpenStore {
        final Connection connection;

        JdbcStore(Connection connection) {
            this.connection = connection;
        }

        @Override
        public final long count() throws SQLException {
            return JdbcNotes.count(connection);
        }

        @Override
        public final List<Note> readAll() throws SQLException {
            return JdbcNotes.readAll(connection);
        }

        @Override
        public void close() throws SQLException {
            connection.close();
        }
    }
}
