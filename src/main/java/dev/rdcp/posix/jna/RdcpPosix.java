package dev.rdcp.posix.jna;

import com.sun.jna.Native;
import java.nio.ByteBuffer;

/**
 * The shim's file, identity and errno calls (native/rdcp_posix.h). Each int-returning function
 * returns 0 on success and -errno on failure, except the rdcp_errno_* ones, which return the
 * value of the errno they name.
 */
public final class RdcpPosix {

    public static final int RDCP_STATUS_FIELDS = 12;

    static {
        Native.register(RdcpPosix.class, RdcpLibrary.INSTANCE);
    }

    private RdcpPosix() {
    }

    /** {@code path} NUL-terminated; {@code out} has {@link #RDCP_STATUS_FIELDS} elements. */
    public static native int rdcp_file_status(byte[] path, int follow_links, long[] out);

    /** lstat of {@code name} (NUL-terminated; empty: {@code dirfd} itself) inside {@code dirfd}. */
    public static native int rdcp_status_at(int dirfd, byte[] name, long[] out);

    /** Opens {@code path} beneath {@code dirfd}, no symlink followed; the descriptor or -errno. */
    public static native int rdcp_open_beneath(int dirfd, byte[] path, int flags, int mode, int walk_only);

    /** Opens {@code path} beneath {@code dirfd}, symlinks that stay beneath it followed; the descriptor or -errno. */
    public static native int rdcp_open_following(int dirfd, byte[] path, int flags);

    /** The names of directory {@code fd}, NUL-terminated; bytes used, 0 at the end, or -errno. */
    public static native int rdcp_read_names(int fd, byte[] buffer, long length);

    /**
     * {@code buffer} is a direct buffer: JNA passes the address of the byte at its position.
     * Returns the bytes read, fewer than {@code length} only at the file's end, or -errno.
     */
    public static native long rdcp_read_at(int fd, ByteBuffer buffer, long length, long offset);

    /** One pread of a descriptor with O_DIRECT set, into {@code buffer} at its position: bytes read (not resumed when short), or -errno. */
    public static native long rdcp_read_direct(int fd, ByteBuffer buffer, long length, long offset);

    /** Sets ({@code on} nonzero) or clears O_DIRECT on {@code fd}: 0, or -errno (EINVAL: the file system refuses it). */
    public static native int rdcp_set_direct(int fd, int on);

    /** The bytes of {@code fd} in [offset, offset + length) held in the page cache, in whole pages; or -errno. */
    public static native long rdcp_cached_bytes(int fd, long offset, long length);

    /** flistxattr of {@code fd} (an O_PATH one through /proc/self/fd): bytes written or needed, or -errno. */
    public static native long rdcp_xattr_list(int fd, byte[] buffer, long length);

    /** fgetxattr; {@code name} NUL-terminated: bytes written or needed, or -errno. */
    public static native long rdcp_xattr_get(int fd, byte[] name, byte[] buffer, long length);

    public static native int rdcp_xattr_set(int fd, byte[] name, byte[] value, long length);

    public static native int rdcp_xattr_remove(int fd, byte[] name);

    /** Large blocks get mappings of their own, unmapped when freed (native/rdcp_posix.h); -ENOSYS without glibc. */
    public static native int rdcp_map_large_blocks(long bytes);

    /** {@code name} NUL-terminated; {@code out}: uid, primary gid. -ENOENT: no such user. */

    public static native int rdcp_user_ids(byte[] name, long[] out);

    /** {@code name} NUL-terminated; {@code out}: gid. -ENOENT: no such group. */
    public static native int rdcp_group_id(byte[] name, long[] out);

    /** The name of user {@code uid} into {@code out} (no NUL); its length; -ENOENT: no name that fits. */
    public static native int rdcp_user_name(long uid, byte[] out, int capacity);

    /** The name of group {@code gid} into {@code out} (no NUL); its length; -ENOENT: no name that fits. */
    public static native int rdcp_group_name(long gid, byte[] out, int capacity);

    public static native int rdcp_drop_privileges(long uid, long gid);

    public static native int rdcp_errno_EPERM();

    public static native int rdcp_errno_ENOENT();

    public static native int rdcp_errno_ENOMEM();

    public static native int rdcp_errno_EACCES();

    public static native int rdcp_errno_ENOSYS();

    public static native int rdcp_errno_ETIMEDOUT();

    public static native int rdcp_errno_EEXIST();

    public static native int rdcp_errno_EBADF();

    public static native int rdcp_errno_ENOTDIR();

    public static native int rdcp_errno_EISDIR();

    public static native int rdcp_errno_ELOOP();

    public static native int rdcp_errno_EXDEV();

    public static native int rdcp_errno_EINVAL();

    public static native int rdcp_errno_ENODATA();

    public static native int rdcp_errno_ENOTSUP();

    public static native int rdcp_errno_ERANGE();

    /** Writes errnum's text, NUL-terminated and cut to {@code length}, into {@code buffer}. */
    public static native int rdcp_strerror(int errnum, byte[] buffer, long length);
}
