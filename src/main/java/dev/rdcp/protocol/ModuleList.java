package dev.rdcp.protocol;

import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

/**
 * MODULES payload (version 6), a daemon's answer to a REQUEST with
 * {@link SessionRequest#LIST_MODULES}: {@code u8 flags, u16 count}, then per module {@code u8 name
 * length, name, u16 comment length, comment}, both UTF-8. Flag bit 0: the server serves one
 * directory, not named modules, so the client lists that directory instead. A name is cut to
 * {@value #MAX_NAME} bytes and a comment to {@value #MAX_COMMENT}, at a character boundary; the
 * list is cut to what fits one frame.
 */
public record ModuleList(boolean singleDirectory, List<Module> modules) {

    /** One module as rsync's listing shows it: its name and its comment. */
    public record Module(String name, String comment) {
        public Module {
            name = Utf8Prefix.cut(name, MAX_NAME);
            comment = Utf8Prefix.cut(comment, MAX_COMMENT);
        }
    }

    public static final int MAX_NAME = 255;
    public static final int MAX_COMMENT = 1024;
    private static final int SINGLE_DIRECTORY = 1;
    private static final int FIXED_SIZE = 3;
    private static final int MODULE_FIXED_SIZE = 3;

    public ModuleList {
        modules = List.copyOf(modules);
    }

    /** The payload, positioned at its end as the bootstrap channel's send expects; modules that do not fit are left out. */
    public ByteBuffer encode() {
        ByteBuffer out = ByteBuffer.allocate(Frames.MAX_PAYLOAD);
        out.put((byte) (singleDirectory ? SINGLE_DIRECTORY : 0));
        int countAt = out.position();
        out.putShort((short) 0);
        int count = 0;
        for (Module module : modules) {
            byte[] name = module.name().getBytes(StandardCharsets.UTF_8);
            byte[] comment = module.comment().getBytes(StandardCharsets.UTF_8);
            if (count == 0xFFFF || out.remaining() < MODULE_FIXED_SIZE + name.length + comment.length) {
                break;
            }
            out.put((byte) name.length).put(name).putShort((short) comment.length).put(comment);
            count++;
        }
        return out.putShort(countAt, (short) count);
    }

    public static ModuleList decode(ByteBuffer in) throws ProtocolException {
        if (in.remaining() < FIXED_SIZE) {
            throw new ProtocolException("MODULES too short");
        }
        int flags = Byte.toUnsignedInt(in.get());
        if ((flags & ~SINGLE_DIRECTORY) != 0) {
            throw new ProtocolException("MODULES has unknown flags " + flags);
        }
        int count = Short.toUnsignedInt(in.getShort());
        // Sized by what the bytes can hold, not by the count the peer chose.
        List<Module> modules = new ArrayList<>(Math.min(count, in.remaining() / MODULE_FIXED_SIZE));
        for (int i = 0; i < count; i++) {
            if (in.remaining() < 1) {
                throw new ProtocolException("MODULES truncated");
            }
            int nameLength = Byte.toUnsignedInt(in.get());
            if (nameLength == 0 || in.remaining() < nameLength + 2) {
                throw new ProtocolException("MODULES has a module without a name, or is truncated");
            }
            byte[] name = new byte[nameLength];
            in.get(name);
            int commentLength = Short.toUnsignedInt(in.getShort());
            if (commentLength > MAX_COMMENT || in.remaining() < commentLength) {
                throw new ProtocolException("MODULES comment of " + commentLength + " bytes in " + in.remaining());
            }
            byte[] comment = new byte[commentLength];
            in.get(comment);
            modules.add(new Module(new String(name, StandardCharsets.UTF_8), new String(comment, StandardCharsets.UTF_8)));
        }
        if (in.hasRemaining()) {
            throw new ProtocolException("MODULES has trailing bytes");
        }
        return new ModuleList((flags & SINGLE_DIRECTORY) != 0, modules);
    }
}
