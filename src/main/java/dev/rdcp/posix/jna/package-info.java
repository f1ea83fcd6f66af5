/**
 * Raw JNA bindings for the file and process calls, with C names: libc's ({@code LibC}) and the
 * rdcp shim's ({@code RdcpPosix}); {@code RdcpLibrary} loads the shim once for this package and
 * {@code dev.rdcp.verbs.jna}. Only {@code dev.rdcp.posix} and {@code dev.rdcp.verbs} use it.
 */
package dev.rdcp.posix.jna;
