package storebench.trial;

/**
 * What a visit asks of a store between its open and its close (the span t1..t2 of the visit loop), and the name of
 * the whole span t0..t3: the open runs count (oqc), the read runs read every note (orc). A request names it by id.
 */
public enum Query {
    COUNT("count", "oqc"),
    READ("read", "orc");

    /** The name of the query's samples, and of the query in a request. */
    public final String id;
    /** The name of the samples of the whole visit, open to close. */
    public final String total;

    Query(String id, String total) {
        this.id = id;
        this.total = total;
    }

    public static Query of(String id) {
        return java.util.Arrays.stream(values()).filter(q -> q.id.equals(id)).findFirst().orElseThrow(
                () -> new IllegalArgumentException("unknown query '" + id + "'; valid queries: count, read"));
    }
}
