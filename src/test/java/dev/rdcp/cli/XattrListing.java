package dev.rdcp.cli;

import dev.rdcp.posix.DirectoryHandle;
import dev.rdcp.posix.FileHandle;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HexFormat;
import java.util.List;
import java.util.SortedMap;
import java.util.TreeMap;
import java.util.stream.Stream;

/**
 * Every extended attribute (ACLs included) of each file, directory and symlink under a root, as
 * "relative/name attribute" to its value in hex, read through rdcp's own descriptor calls, for
 * comparing what rsync and rdcp leave.
 */
final class XattrListing {

    private XattrListing() {
    }

    static SortedMap<String, String> of(Path root) throws IOException {
        SortedMap<String, String> found = new TreeMap<>();
        List<Path> paths;
        try (Stream<Path> walk = Files.walk(root)) {
            paths = walk.toList();
        }
        for (Path path : paths) {
            String relative = root.relativize(path).toString();
            try (DirectoryHandle directory = DirectoryHandle.open(path.getParent(), bytes(path.getParent().toString()));
                    FileHandle node = directory.openNode(bytes(path.getFileName().toString()))) {
                for (byte[] name : node.xattrNames()) {
                    byte[] value = node.xattr(name);
                    found.put((relative.isEmpty() ? "." : relative) + " " + new String(name, StandardCharsets.UTF_8),
                            value == null ? "gone" : HexFormat.of().formatHex(value));
                }
            }
        }
        return found;
    }

    static byte[] bytes(String text) {
        return text.getBytes(StandardCharsets.UTF_8);
    }

    /** Sets attribute {@code name} of {@code path} (a file, directory or symlink itself) to {@code value}. */
    static void set(Path path, String name, byte[] value) throws IOException {
        try (DirectoryHandle directory = DirectoryHandle.open(path.getParent(), bytes(path.getParent().toString()));
                FileHandle node = directory.openNode(bytes(path.getFileName().toString()))) {
            node.setXattr(bytes(name), value);
        }
    }

    /**
     * A POSIX ACL as Linux stores it in system.posix_acl_*: version 2, then (tag, permissions, id)
     * little-endian entries: the owner rw, user {@code uid} r, the group r, mask r, others r.
     */
    static byte[] aclGrantingRead(int uid) {
        java.nio.ByteBuffer acl = java.nio.ByteBuffer.allocate(4 + 5 * 8).order(java.nio.ByteOrder.LITTLE_ENDIAN);
        acl.putInt(2);
        acl.putShort((short) 0x01).putShort((short) 6).putInt(-1);
        acl.putShort((short) 0x02).putShort((short) 4).putInt(uid);
        acl.putShort((short) 0x04).putShort((short) 4).putInt(-1);
        acl.putShort((short) 0x10).putShort((short) 4).putInt(-1);
        acl.putShort((short) 0x20).putShort((short) 4).putInt(-1);
        return acl.array();
    }
}
