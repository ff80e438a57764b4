package storebench.report.model;

/** A named value of one of the run's files, as the HTML report lists it ("cores", "4"). */
public record KeyValue(String key, String value) {
}
