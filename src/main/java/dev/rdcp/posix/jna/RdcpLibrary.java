package dev.rdcp.posix.jna;

import com.sun.jna.NativeLibrary;

/**
 * librdcpshim.so (native/), loaded once for both of its bindings, {@link RdcpPosix} and the
 * verbs' {@code RdcpShim}: JNA copies a library found inside the jar to a temporary file, so
 * separate loads could map two copies of it.
 */
public final class RdcpLibrary {

    public static final String NAME = "rdcpshim";
    public static final NativeLibrary INSTANCE = NativeLibrary.getInstance(NAME, RdcpLibrary.class.getClassLoader());

    private RdcpLibrary() {
    }
}
