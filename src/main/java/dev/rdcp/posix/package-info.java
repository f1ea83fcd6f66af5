/**
 * The file and process calls Java lacks, by raw name bytes: names resolved beneath a directory
 * descriptor with no symlink followed ({@code DirectoryHandle}) and the data and metadata of
 * what they open set through its descriptor ({@code FileHandle}), one stat, symlink targets as
 * bytes, pread of an open file into registered memory, users and groups through NSS and the
 * daemon's privilege drop; the errno values and their text, from the C library. Only this
 * package touches {@code dev.rdcp.posix.jna}.
 */
package dev.rdcp.posix;
