package dev.rdcp.posix;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class NativeLoadErrorTest {

    /** JNA's message, as it names the library and then each place it looked. */
    @Test
    void keepsTheLibraryAndTheFirstPlaceItWasLookedFor() {
        UnsatisfiedLinkError e = new UnsatisfiedLinkError("Unable to load library 'rdcpshim':\n"
                + "librdcpshim.so: cannot open shared object file: No such file or directory\n"
                + "librdcpshim.so: cannot open shared object file: No such file or directory\n"
                + "Native library (linux-x86-64/librdcpshim.so) not found in resource path (/a.jar:/b.jar)");
        assertEquals("Unable to load library 'rdcpshim': librdcpshim.so: cannot open shared object file: "
                + "No such file or directory", NativeLoadError.reason(e));
    }

    @Test
    void takesTheInnermostCause() {
        Error e = new NoClassDefFoundError("Could not initialize class X");
        e.initCause(new UnsatisfiedLinkError("undefined symbol: rdcp_abi_layout"));
        assertEquals("undefined symbol: rdcp_abi_layout", NativeLoadError.reason(e));
    }

    @Test
    void aMessageOfOneLineIsKeptAndNoneIsNamedByItsClass() {
        assertEquals("libibverbs.so.1: cannot open", NativeLoadError.reason(new UnsatisfiedLinkError(
                "libibverbs.so.1: cannot open")));
        assertEquals("UnsatisfiedLinkError", NativeLoadError.reason(new UnsatisfiedLinkError()));
    }

    /** A library that would not load, itself or behind the class it left uninitialized; not any other linkage error. */
    @Test
    void onlyAnUnsatisfiedLinkIsANativeLoadFailure() {
        assertTrue(NativeLoadError.isNative(new UnsatisfiedLinkError("libibverbs.so.1: cannot open")));
        Error later = new NoClassDefFoundError("Could not initialize class X");
        later.initCause(new UnsatisfiedLinkError("undefined symbol: rdcp_abi_layout"));
        assertTrue(NativeLoadError.isNative(later));
        assertFalse(NativeLoadError.isNative(new NoClassDefFoundError("picocli/CommandLine")));
        assertFalse(NativeLoadError.isNative(new ExceptionInInitializerError(new IllegalStateException("bug"))));
    }
}
