/**
 * The file and process calls Java lacks, by raw name bytes: one stat, nanosecond times on
 * symlinks, symlink targets as bytes, pread of an open file into registered memory,
 * users and groups through NSS and the daemon's privilege drop; the errno values and their
 * text, from the C library. Only this package touches {@code dev.rdcp.posix.jna}.
 */
package dev.rdcp.posix;
