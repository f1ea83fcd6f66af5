package dev.rdcp.transfer;

import dev.rdcp.posix.ReadOnlyFile;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;

/** -c's whole-file MD5, as rsync's protocol 30 compares files (the sender lists it, the receiver computes its own). */
final class ContentMd5 {

    /** The buffer a digest reads its file through. */
    static final int BUFFER = 1 << 16;

    private ContentMd5() {
    }

    /** The MD5 of all of {@code file}, read through {@code buffer} (direct; a session keeps one, not one per file). */
    static byte[] md5(ReadOnlyFile file, ByteBuffer buffer, Heartbeat heartbeat) throws IOException {
        MessageDigest digest;
        try {
            digest = MessageDigest.getInstance("MD5");
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
        for (long at = 0; ; ) {
            int n = file.read(buffer.clear(), at);
            if (n == 0) {
                return digest.digest();
            }
            digest.update(buffer.flip());
            at += n;
            heartbeat.beat();
        }
    }
}
