package dev.rdcp.protocol;

import java.util.IdentityHashMap;
import java.util.Map;

/**
 * Text a peer chose (names, paths, error messages), made safe for a terminal or a log line: each
 * control character (C0, DEL and C1, which 8-bit terminals read as escape sequences) becomes
 * rsync's {@code \#ooo} octal escape, so a peer can neither drive the terminal nor forge log
 * lines. Everything else, non-ASCII letters included, is kept. Escaping twice changes nothing.
 */
public final class PeerText {

    private PeerText() {
    }

    public static String printable(String text) {
        int first = 0;
        while (first < text.length() && !isControl(text.charAt(first))) {
            first++;
        }
        if (first == text.length()) {
            return text;
        }
        StringBuilder out = new StringBuilder(text.length() + 16).append(text, 0, first);
        for (int i = first; i < text.length(); i++) {
            char c = text.charAt(i);
            if (isControl(c)) {
                out.append("\\#").append((char) ('0' + (c >> 6 & 7))).append((char) ('0' + (c >> 3 & 7)))
                        .append((char) ('0' + (c & 7)));
            } else {
                out.append(c);
            }
        }
        return out.toString();
    }

    /**
     * {@code thrown} as a log's stack trace should show it: the same class names, frames, causes
     * and suppressed exceptions, each message escaped, since messages quote paths and text a peer
     * chose.
     */
    public static Throwable printable(Throwable thrown) {
        return escaped(thrown, new IdentityHashMap<>());
    }

    private static Throwable escaped(Throwable thrown, Map<Throwable, Throwable> done) {
        Throwable copy = done.get(thrown);
        if (copy != null) {
            return copy;
        }
        String message = thrown.getMessage();
        Escaped escaped = new Escaped(thrown.getClass().getName()
                + (message == null ? "" : ": " + printable(message)));
        done.put(thrown, escaped);
        escaped.setStackTrace(thrown.getStackTrace());
        if (thrown.getCause() != null) {
            escaped.initCause(escaped(thrown.getCause(), done));
        }
        for (Throwable suppressed : thrown.getSuppressed()) {
            escaped.addSuppressed(escaped(suppressed, done));
        }
        return escaped;
    }

    /** A stand-in that prints as the original's class name and its escaped message. */
    private static final class Escaped extends Exception {
        private static final long serialVersionUID = 1L;

        Escaped(String line) {
            super(line);
        }

        @Override
        public String toString() {
            return getMessage();
        }
    }

    private static boolean isControl(char c) {
        return c < 0x20 || (c >= 0x7f && c <= 0x9f);
    }
}
