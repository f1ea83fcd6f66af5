package dev.rdcp.posix;

import java.util.Arrays;

/** Raw name bytes as the NUL-terminated strings libc and the shim take. */
final class CStrings {

    private CStrings() {
    }

    static byte[] of(byte[] bytes) {
        return Arrays.copyOf(bytes, bytes.length + 1);
    }
}
