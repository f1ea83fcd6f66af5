package dev.rdcp.filter;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * The lines of a list rsync reads line by line: a rule file (--exclude-from, --include-from, a
 * merge file) or a --files-from list. As rsync 3.5 reads them, a line ends at '\n', at "\r\n" or
 * at a lone '\r', and is taken up to its first NUL (rsync keeps it as a C string); with --from0
 * entries end at NUL alone, and '\r' and '\n' belong to them.
 */
public final class ListLines {

    private ListLines() {
    }

    /** Every line in order, blank ones included (so that line N is element N - 1). */
    public static List<byte[]> split(byte[] content, boolean from0) {
        List<byte[]> lines = new ArrayList<>();
        int start = 0;
        while (start < content.length) {
            int end = start;
            while (end < content.length && !endsLine(content[end], from0)) {
                end++;
            }
            lines.add(asString(Arrays.copyOfRange(content, start, end)));
            start = end + 1;
            if (!from0 && end + 1 < content.length && content[end] == '\r' && content[end + 1] == '\n') {
                start++;
            }
        }
        return lines;
    }

    private static boolean endsLine(byte b, boolean from0) {
        return from0 ? b == 0 : b == '\n' || b == '\r';
    }

    /** A line up to its first NUL, which only a line of a newline-separated list can hold. */
    private static byte[] asString(byte[] line) {
        for (int i = 0; i < line.length; i++) {
            if (line[i] == 0) {
                return Arrays.copyOf(line, i);
            }
        }
        return line;
    }
}
