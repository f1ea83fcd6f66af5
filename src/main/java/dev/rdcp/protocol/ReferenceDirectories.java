package dev.rdcp.protocol;

import java.nio.ByteBuffer;
import java.nio.CharBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

/**
 * Version 6's reference directories of a REQUEST (--link-dest, --compare-dest, --copy-dest):
 * {@code u8 kind (0 none, 1 compare, 2 copy, 3 link), u8 count}, then each directory as
 * {@code u16 length + UTF-8 bytes}: at most {@link #MAX_DIRECTORIES} (rsync's limit), each 1 to
 * {@link #MAX_LENGTH} bytes without NUL. Kind none has no directory, any other kind at least one.
 * The receiver resolves them relative to the directory entries go into (a daemon beneath its root).
 */
public record ReferenceDirectories(Kind kind, List<String> directories) {

    /** What the receiver does with an unchanged file it finds in a reference directory. */
    public enum Kind {
        NONE("", false),
        /** --compare-dest: the file is not sent, nothing is made. */
        COMPARE("--compare-dest", true),
        /** --copy-dest: the file is copied locally from the directory. */
        COPY("--copy-dest", true),
        /** --link-dest: the file is hard-linked from the directory. */
        LINK("--link-dest", true);

        private final String option;
        private final boolean used;

        Kind(String option, boolean used) {
            this.option = option;
            this.used = used;
        }

        /** The rsync option that asks for it. */
        public String option() {
            return option;
        }
    }

    public static final ReferenceDirectories NONE = new ReferenceDirectories(Kind.NONE, List.of());
    public static final int MAX_DIRECTORIES = 20;
    public static final int MAX_LENGTH = 4096;

    public ReferenceDirectories {
        directories = List.copyOf(directories);
        List<byte[]> encoded = directories.stream().map(d -> d.getBytes(StandardCharsets.UTF_8)).toList();
        String problem = problem(kind, encoded);
        if (problem != null) {
            throw new IllegalArgumentException(problem);
        }
    }

    public boolean any() {
        return kind.used;
    }

    int encodedSize() {
        return 2 + directories.stream().mapToInt(d -> 2 + d.getBytes(StandardCharsets.UTF_8).length).sum();
    }

    void encode(ByteBuffer out) {
        out.put((byte) kind.ordinal()).put((byte) directories.size());
        for (String directory : directories) {
            byte[] bytes = directory.getBytes(StandardCharsets.UTF_8);
            out.putShort((short) bytes.length).put(bytes);
        }
    }

    static ReferenceDirectories decode(ByteBuffer in) throws ProtocolException {
        if (in.remaining() < 2) {
            throw new ProtocolException("REQUEST truncated in its reference directories");
        }
        int kind = Byte.toUnsignedInt(in.get());
        int count = Byte.toUnsignedInt(in.get());
        if (kind >= Kind.values().length || count > MAX_DIRECTORIES) {
            throw new ProtocolException("malformed REQUEST reference directories");
        }
        List<byte[]> encoded = new ArrayList<>(count);
        List<String> directories = new ArrayList<>(count);
        for (int i = 0; i < count; i++) {
            if (in.remaining() < 2) {
                throw new ProtocolException("REQUEST truncated in its reference directories");
            }
            int length = Short.toUnsignedInt(in.getShort());
            if (length > MAX_LENGTH || in.remaining() < length) {
                throw new ProtocolException("REQUEST reference directory too long or truncated");
            }
            byte[] bytes = new byte[length];
            in.get(bytes);
            encoded.add(bytes);
            directories.add(utf8(bytes));
        }
        String problem = problem(Kind.values()[kind], encoded);
        if (problem != null) {
            throw new ProtocolException("malformed REQUEST reference directories: " + problem);
        }
        return new ReferenceDirectories(Kind.values()[kind], directories);
    }

    /** Strictly: a name that is not UTF-8 would reach the receiver changed, so it is refused. */
    private static String utf8(byte[] bytes) throws ProtocolException {
        try {
            CharBuffer chars = StandardCharsets.UTF_8.newDecoder().onMalformedInput(CodingErrorAction.REPORT)
                    .onUnmappableCharacter(CodingErrorAction.REPORT).decode(ByteBuffer.wrap(bytes));
            return chars.toString();
        } catch (CharacterCodingException e) {
            throw new ProtocolException("malformed REQUEST reference directories: a name is not UTF-8");
        }
    }

    /** What is wrong with these directories for this kind, or null. */
    private static String problem(Kind kind, List<byte[]> directories) {
        if (kind.used == directories.isEmpty()) {
            return kind.used ? "no directory given" : "directories without a kind";
        }
        if (directories.size() > MAX_DIRECTORIES) {
            return "more than " + MAX_DIRECTORIES + " directories";
        }
        for (byte[] directory : directories) {
            if (directory.length == 0 || directory.length > MAX_LENGTH) {
                return "a directory name is empty or longer than " + MAX_LENGTH + " bytes";
            }
            for (byte b : directory) {
                if (b == 0) {
                    return "a directory name contains NUL";
                }
            }
        }
        return null;
    }
}
