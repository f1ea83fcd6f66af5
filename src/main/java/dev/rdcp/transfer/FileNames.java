package dev.rdcp.transfer;

import dev.rdcp.protocol.PeerText;
import java.io.ByteArrayOutputStream;
import java.net.URI;
import java.nio.ByteBuffer;
import java.nio.CharBuffer;
import java.nio.charset.CharsetDecoder;
import java.nio.charset.CoderResult;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.Arrays;

/**
 * File names as the raw bytes Linux stores, which need not be valid UTF-8. Java paths keep the raw
 * bytes but only expose them through their URI; names that are valid UTF-8 (nearly all) take the
 * direct route.
 */
public final class FileNames {

    private static final boolean UTF8_PATHS = "UTF-8".equalsIgnoreCase(System.getProperty("sun.jnu.encoding"));

    private FileNames() {
    }

    /** The raw bytes of {@code path}'s last component. */
    public static byte[] lastComponent(Path path) {
        Path name = path.getFileName();
        String text = name == null ? "" : name.toString();
        if (UTF8_PATHS && text.indexOf('\uFFFD') < 0) {
            return text.getBytes(StandardCharsets.UTF_8);
        }
        String raw = path.toAbsolutePath().toUri().getRawPath();
        int end = raw.endsWith("/") && raw.length() > 1 ? raw.length() - 1 : raw.length();
        return percentDecode(raw.substring(raw.lastIndexOf('/', end - 1) + 1, end));
    }

    /** The raw bytes of {@code path} made absolute, for calls that take a C string. */
    public static byte[] absolute(Path path) {
        Path absolute = path.toAbsolutePath();
        String text = absolute.toString();
        if (UTF8_PATHS && text.indexOf('\uFFFD') < 0) {
            return text.getBytes(StandardCharsets.UTF_8);
        }
        String raw = absolute.toUri().getRawPath();
        return percentDecode(raw.length() > 1 && raw.endsWith("/") ? raw.substring(0, raw.length() - 1) : raw);
    }

    /**
     * The raw name of absolute {@code full} beneath absolute {@code top} ("." for {@code top}
     * itself), compared byte for byte; null when it is not beneath it.
     */
    public static byte[] beneath(byte[] top, byte[] full) {
        if (Arrays.equals(full, top)) {
            return new byte[] {'.'};
        }
        int start = top.length == 1 ? 1 : top.length + 1;
        if (full.length > start && Arrays.equals(full, 0, top.length, top, 0, top.length) && full[start - 1] == '/') {
            return Arrays.copyOfRange(full, start, full.length);
        }
        return null;
    }

    /** {@code directory} joined with the '/'-separated raw {@code relative} name ("." is the directory). */
    public static Path resolve(Path directory, byte[] relative) {
        if (relative.length == 1 && relative[0] == '.') {
            return directory;
        }
        String text = new String(relative, StandardCharsets.UTF_8);
        if (UTF8_PATHS && java.util.Arrays.equals(text.getBytes(StandardCharsets.UTF_8), relative)) {
            return directory.resolve(text);
        }
        StringBuilder uri = new StringBuilder(directory.toAbsolutePath().toUri().getRawPath());
        if (uri.charAt(uri.length() - 1) != '/') {
            uri.append('/');
        }
        for (byte b : relative) {
            int c = b & 0xff;
            if (c == '/' || (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9')) {
                uri.append((char) c);
            } else {
                uri.append('%').append(Character.forDigit(c >> 4, 16)).append(Character.forDigit(c & 15, 16));
            }
        }
        return Path.of(URI.create("file://" + uri));
    }

    /** {@code child} inside {@code parent}, where "." is the top of the transfer. */
    public static byte[] join(byte[] parent, byte[] child) {
        if (parent.length == 1 && parent[0] == '.') {
            return child;
        }
        byte[] joined = java.util.Arrays.copyOf(parent, parent.length + 1 + child.length);
        joined[parent.length] = '/';
        System.arraycopy(child, 0, joined, parent.length + 1, child.length);
        return joined;
    }

    /** The directory part of a '/'-separated raw name: "." for a name with no slash. */
    public static byte[] parent(byte[] name) {
        int slash = lastSlash(name);
        return slash < 0 ? new byte[] {'.'} : java.util.Arrays.copyOf(name, slash);
    }

    /** The last component of a '/'-separated raw name. */
    public static byte[] leaf(byte[] name) {
        return java.util.Arrays.copyOfRange(name, lastSlash(name) + 1, name.length);
    }

    private static int lastSlash(byte[] name) {
        for (int i = name.length - 1; i >= 0; i--) {
            if (name[i] == '/') {
                return i;
            }
        }
        return -1;
    }

    /**
     * For messages and logs, as rsync shows a name in a UTF-8 locale: each byte that is not part
     * of valid UTF-8 as its octal escape ({@code \#351}), a backslash that would read as the start
     * of one escaped itself ({@code \#134#101}), so that every escape in the line stands for a
     * byte; control characters escaped as {@link PeerText#printable} escapes them.
     */
    public static String display(byte[] name) {
        if (plainAscii(name)) {
            return new String(name, StandardCharsets.US_ASCII);
        }
        CharsetDecoder decoder = StandardCharsets.UTF_8.newDecoder();
        ByteBuffer in = ByteBuffer.wrap(name);
        CharBuffer decoded = CharBuffer.allocate(name.length);
        StringBuilder shown = new StringBuilder(name.length + 8);
        while (true) {
            CoderResult result = decoder.decode(in, decoded, true);
            shown.append(printable(escapedBackslashes(decoded.flip())));
            decoded.clear();
            if (!result.isError()) {
                return shown.toString();
            }
            // As iconv in rsync: one byte of the bad sequence, then decoding goes on after it.
            int b = in.get() & 0xff;
            shown.append("\\#").append(b >> 6).append(b >> 3 & 7).append(b & 7);
        }
    }

    /** {@code text} with each backslash that starts "\#" and three digits written as its escape, as rsync writes it. */
    private static String escapedBackslashes(CharSequence text) {
        String plain = text.toString();
        if (plain.indexOf('\\') < 0) {
            return plain;
        }
        StringBuilder out = new StringBuilder(plain.length() + 8);
        for (int i = 0; i < plain.length(); i++) {
            boolean startsEscape = plain.charAt(i) == '\\' && i + 4 < plain.length() && plain.charAt(i + 1) == '#'
                    && isDigit(plain.charAt(i + 2)) && isDigit(plain.charAt(i + 3)) && isDigit(plain.charAt(i + 4));
            out.append(startsEscape ? "\\#134" : String.valueOf(plain.charAt(i)));
        }
        return out.toString();
    }

    /** Nearly every name: printable ASCII without a backslash, shown as it is. */
    private static boolean plainAscii(byte[] name) {
        for (byte b : name) {
            if (b < 0x20 || b == 0x7f || b == '\\') {
                return false;
            }
        }
        return true;
    }

    private static boolean isDigit(char c) {
        return c >= '0' && c <= '9';
    }

    /** Text from the peer, safe for a terminal: see {@link PeerText#printable}. */
    public static String printable(String text) {
        return PeerText.printable(text);
    }

    /** A file URI's raw path holds only ASCII: the JDK percent-encodes every other byte. */
    private static byte[] percentDecode(String raw) {
        ByteArrayOutputStream out = new ByteArrayOutputStream(raw.length());
        for (int i = 0; i < raw.length(); i++) {
            char c = raw.charAt(i);
            if (c == '%' && i + 2 < raw.length()) {
                out.write(Integer.parseInt(raw, i + 1, i + 3, 16));
                i += 2;
            } else {
                out.write(c);
            }
        }
        return out.toByteArray();
    }
}
