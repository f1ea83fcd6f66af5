package dev.rdcp.protocol;

import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;

/**
 * Version 6's owner maps of a REQUEST ({@link SessionRequest#OWNER_MAPS}): rsync's --usermap and
 * --groupmap rules as the user typed them ({@code --chown=U:G} travels as {@code *:U} and
 * {@code *:G}), each as {@code u16 length + UTF-8 bytes}, at most {@link #MAX_LENGTH} bytes, strict
 * UTF-8 without NUL; an empty string is no map. The receiver parses and applies them, so a pull,
 * whose receiver is the client, never sends them.
 */
public record OwnerMaps(String usermap, String groupmap) {

    public static final OwnerMaps NONE = new OwnerMaps("", "");
    /** Far longer than any map typed on a command line; bounds what a peer makes the daemon parse. */
    public static final int MAX_LENGTH = 4096;

    public OwnerMaps {
        String problem = problem(usermap.getBytes(StandardCharsets.UTF_8));
        if (problem == null) {
            problem = problem(groupmap.getBytes(StandardCharsets.UTF_8));
        }
        if (problem != null) {
            throw new IllegalArgumentException(problem);
        }
    }

    /** Whether any rule is given. */
    public boolean any() {
        return !usermap.isEmpty() || !groupmap.isEmpty();
    }

    int encodedSize() {
        return RequestText.encodedSize(usermap) + RequestText.encodedSize(groupmap);
    }

    void encode(ByteBuffer out) {
        RequestText.encode(out, usermap);
        RequestText.encode(out, groupmap);
    }

    static OwnerMaps decode(ByteBuffer in) throws ProtocolException {
        String usermap = map(in);
        String groupmap = map(in);
        if (usermap.isEmpty() && groupmap.isEmpty()) {
            throw new ProtocolException("malformed REQUEST owner maps: both are empty");
        }
        return new OwnerMaps(usermap, groupmap);
    }

    private static String map(ByteBuffer in) throws ProtocolException {
        byte[] bytes = RequestText.read(in, MAX_LENGTH, true, "owner maps");
        String problem = problem(bytes);
        if (problem != null) {
            throw new ProtocolException("malformed REQUEST owner maps: " + problem);
        }
        return RequestText.decode(bytes, "owner maps");
    }

    /** What is wrong with one encoded map, or null. */
    private static String problem(byte[] map) {
        if (map.length > MAX_LENGTH) {
            return "a map is longer than " + MAX_LENGTH + " bytes";
        }
        return RequestText.holdsNul(map) ? "a map contains NUL" : null;
    }
}
