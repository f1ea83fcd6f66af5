package dev.rdcp.cli;

import dev.rdcp.protocol.EntryCounts;
import dev.rdcp.transfer.TransferReport;
import dev.rdcp.transfer.TransferSummary;
import java.util.Locale;

/**
 * --json: the summary as one line of JSON, for scripts. Written by hand: one flat object does not
 * justify a JSON library in the jar.
 */
final class JsonSummary {

    private static final char[] HEX = "0123456789abcdef".toCharArray();

    private JsonSummary() {
    }

    /** @param transport "rdma" or "tcp"; empty (null in the JSON) when the session never got that far */
    static String toJson(TransferSummary s, String transport) {
        StringBuilder json = new StringBuilder(256);
        json.append("{\"exit_code\":").append(s.exitCode())
                .append(",\"transport\":");
        if (transport.isEmpty()) {
            json.append("null");
        } else {
            appendString(json, transport);
        }
        json.append(",\"dry_run\":").append(s.dryRun())
                .append(",\"files\":").append(s.files())
                .append(",\"regular_files\":").append(s.listed().regular())
                .append(",\"directories\":").append(s.listed().directories())
                .append(",\"symlinks\":").append(s.listed().symlinks())
                .append(",\"devices\":").append(s.listed().devices())
                .append(",\"specials\":").append(s.listed().specials())
                .append(",\"created\":").append(s.created().total());
        appendKinds(json, "created_by_kind", s.created());
        json.append(",\"deleted\":").append(s.deleted().total());
        appendKinds(json, "deleted_by_kind", s.deleted());
        json.append(",\"transferred\":").append(s.transferred())
                .append(",\"total_size\":").append(s.totalSize())
                .append(",\"transferred_size\":").append(s.transferredSize())
                .append(",\"file_list_size\":").append(s.listSize())
                .append(",\"bytes_sent\":").append(s.bytesSent())
                .append(",\"bytes_received\":").append(s.bytesReceived())
                .append(",\"seconds\":").append(fixed(s.seconds(), 3))
                .append(",\"data_seconds\":").append(fixed(s.dataSeconds(), 3))
                .append(",\"bytes_per_second\":").append(fixed(s.bytesPerSecond(), 0))
                .append(",\"failures\":[");
        String separator = "";
        for (TransferReport.Failure failure : s.failures()) {
            json.append(separator).append("{\"code\":").append(failure.exitCode()).append(",\"message\":");
            appendString(json, failure.message());
            json.append('}');
            separator = ",";
        }
        return json.append("]}").toString();
    }

    /** {@code "key":{"reg":N,"dir":N,"link":N,"dev":N,"special":N}}, rsync's names for the kinds of --stats. */
    private static void appendKinds(StringBuilder json, String key, EntryCounts counts) {
        json.append(",\"").append(key).append("\":{\"reg\":").append(counts.regular())
                .append(",\"dir\":").append(counts.directories())
                .append(",\"link\":").append(counts.symlinks())
                .append(",\"dev\":").append(counts.devices())
                .append(",\"special\":").append(counts.specials()).append('}');
    }

    /** {@code value} with that many decimals; 0 for NaN and Infinity, which JSON cannot say. */
    private static String fixed(double value, int decimals) {
        return String.format(Locale.ROOT, "%." + decimals + "f", Double.isFinite(value) ? value : 0);
    }

    /**
     * A quoted JSON string. Control characters are escaped so the output stays one line; U+2028
     * and U+2029 too, because JavaScript before ES2019 reads them as line ends inside a string.
     */
    private static void appendString(StringBuilder json, String text) {
        json.append('"');
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            switch (c) {
                case '"' -> json.append("\\\"");
                case '\\' -> json.append("\\\\");
                case '\n' -> json.append("\\n");
                case '\t' -> json.append("\\t");
                case '\r' -> json.append("\\r");
                case '\b' -> json.append("\\b");
                case '\f' -> json.append("\\f");
                default -> {
                    if (c < 0x20 || c == '\u2028' || c == '\u2029') {
                        json.append("\\u").append(HEX[c >> 12]).append(HEX[c >> 8 & 0xf]).append(HEX[c >> 4 & 0xf])
                                .append(HEX[c & 0xf]);
                    } else {
                        json.append(c);
                    }
                }
            }
        }
        json.append('"');
    }
}
