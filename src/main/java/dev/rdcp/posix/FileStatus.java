package dev.rdcp.posix;

import dev.rdcp.posix.jna.RdcpPosix;
import java.io.IOException;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.time.Instant;

/**
 * What stat(2) says of a path that a file list entry and the quick check need, read in one
 * native call: the JDK's "unix:" attribute map costs about ten times the system call in cold
 * code (measured: 42 against 4.5 µs a file interpreted, 2.6 against 1.3 µs compiled).
 *
 * @param mode st_mode: the file-type bits and the permission bits
 * @param links st_nlink; with {@code device} and {@code inode} it tells hard links apart
 * @param rdev st_rdev: the device a character or block device file stands for
 * @param atimeSeconds st_atim: when it was last read (--atimes), with {@code atimeNanos}
 */
public record FileStatus(int mode, long size, long mtimeSeconds, int mtimeNanos, int uid, int gid, long links,
        long device, long inode, long rdev, long atimeSeconds, int atimeNanos) {

    /**
     * {@code name} is {@code path} as the raw bytes on disk; {@code followLinks} as stat, else
     * as lstat. A missing path throws NoSuchFileException.
     */
    public static FileStatus of(Path path, byte[] name, boolean followLinks) throws IOException {
        long[] fields = new long[RdcpPosix.RDCP_STATUS_FIELDS];
        int rc = RdcpPosix.rdcp_file_status(CStrings.of(name), followLinks ? 1 : 0, fields);
        if (rc < 0) {
            throw PathErrors.of(path, -rc);
        }
        return of(fields);
    }

    /** From the shim's fields, in rdcp_posix.h's order. */
    static FileStatus of(long[] fields) {
        return new FileStatus((int) fields[0], fields[1], fields[2], (int) fields[3], (int) fields[4], (int) fields[5],
                fields[6], fields[7], fields[8], fields[9], fields[10], (int) fields[11]);
    }

    public FileTime mtime() {
        return FileTime.from(Instant.ofEpochSecond(mtimeSeconds, mtimeNanos));
    }
}
