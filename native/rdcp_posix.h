/*
 * The file, identity and errno calls of librdcpshim.so, which Java binds apart from the verbs
 * (dev.rdcp.posix.jna.RdcpPosix). Every int-returning function returns 0 on success and -errno
 * on failure.
 */
#ifndef RDCP_POSIX_H
#define RDCP_POSIX_H

#include <stddef.h>
#include <stdint.h>

#include "rdcp_export.h"

/* rdcp_file_status's out[]: mode, size, mtime seconds, mtime nanoseconds, uid, gid, links, device,
 * inode, the device a device file stands for (st_rdev), atime seconds and atime nanoseconds. */
#define RDCP_STATUS_FIELDS 12
RDCP_EXPORT int rdcp_file_status(const char *path, int follow_links, int64_t *out);
/* The same fields for name inside directory dirfd, never following a symlink; "" is dirfd itself. */
RDCP_EXPORT int rdcp_status_at(int dirfd, const char *name, int64_t *out);

/*
 * Opens path beneath directory dirfd: openat2 with RESOLVE_BENEATH | RESOLVE_NO_SYMLINKS |
 * RESOLVE_NO_MAGICLINKS, or where openat2 is missing (or walk_only is set) a walk of the
 * components with O_NOFOLLOW. Absolute paths, empty and ".." components fail with EXDEV, a
 * symlink in any component with ELOOP. Returns the descriptor (O_CLOEXEC).
 */
RDCP_EXPORT int rdcp_open_beneath(int dirfd, const char *path, int flags, int mode, int walk_only);
/* The same with symlinks followed while each stays beneath dirfd (no walk: without openat2, none). */
RDCP_EXPORT int rdcp_open_following(int dirfd, const char *path, int flags);
/* Names of directory fd, each NUL-terminated, "." and ".." left out; returns bytes used, 0 at the end. */
RDCP_EXPORT int rdcp_read_names(int fd, char *buffer, size_t length);

/* rdcp_memory.c: from now on, a malloc of bytes or more that finds no free room gets its own
 * mapping, unmapped when freed, and an arena's free top is trimmed above bytes (glibc's
 * M_MMAP_THRESHOLD and M_TRIM_THRESHOLD, which glibc then stops raising), and what is free now is
 * given back (malloc_trim); -ENOSYS without glibc,
 * -EINVAL for bytes outside 1 B to 32 MiB. */
RDCP_EXPORT int rdcp_map_large_blocks(int64_t bytes);

/* rdcp_read.c: a chunk of an open file into registered memory; the bytes read (fewer only at the
 * file's end) or -errno. */
RDCP_EXPORT int64_t rdcp_read_at(int fd, void *buffer, int64_t length, int64_t offset);
/* One pread on a descriptor with O_DIRECT set (a short count is not resumed); bytes or -errno. */
RDCP_EXPORT int64_t rdcp_read_direct(int fd, void *buffer, int64_t length, int64_t offset);
/* Sets (on != 0) or clears O_DIRECT on fd; -EINVAL where the file system refuses it. */
RDCP_EXPORT int rdcp_set_direct(int fd, int on);
/* The bytes of fd in [offset, offset + length) that are in the page cache, in whole pages (mincore), or -errno. */
RDCP_EXPORT int64_t rdcp_cached_bytes(int fd, int64_t offset, int64_t length);

/*
 * rdcp_xattr.c: extended attributes of the file open as fd (an O_PATH descriptor through its
 * /proc/self/fd link). list and get return the bytes written, or with length 0 the bytes needed.
 */
RDCP_EXPORT int64_t rdcp_xattr_list(int fd, char *buffer, size_t length);
RDCP_EXPORT int64_t rdcp_xattr_get(int fd, const char *name, void *buffer, size_t length);
RDCP_EXPORT int rdcp_xattr_set(int fd, const char *name, const void *value, size_t length);
RDCP_EXPORT int rdcp_xattr_remove(int fd, const char *name);

/* rdcp_identity.c: names to ids and ids to names through NSS, and the daemon's privilege drop. */
RDCP_EXPORT int rdcp_user_ids(const char *name, int64_t *out);
RDCP_EXPORT int rdcp_group_id(const char *name, int64_t *out);
RDCP_EXPORT int rdcp_user_name(int64_t uid, char *out, int32_t capacity);
RDCP_EXPORT int rdcp_group_name(int64_t gid, char *out, int32_t capacity);
RDCP_EXPORT int rdcp_drop_privileges(int64_t uid, int64_t gid);

/* rdcp_errno.c: the errno values Java compares with, and their text, safe from any thread. */
RDCP_EXPORT int rdcp_errno_EPERM(void);
RDCP_EXPORT int rdcp_errno_ENOENT(void);
RDCP_EXPORT int rdcp_errno_ENOMEM(void);
RDCP_EXPORT int rdcp_errno_EACCES(void);
RDCP_EXPORT int rdcp_errno_ENOSYS(void);
RDCP_EXPORT int rdcp_errno_ETIMEDOUT(void);
RDCP_EXPORT int rdcp_errno_EEXIST(void);
RDCP_EXPORT int rdcp_errno_EBADF(void);
RDCP_EXPORT int rdcp_errno_ENOTDIR(void);
RDCP_EXPORT int rdcp_errno_EISDIR(void);
RDCP_EXPORT int rdcp_errno_ELOOP(void);
RDCP_EXPORT int rdcp_errno_EXDEV(void);
RDCP_EXPORT int rdcp_errno_EINVAL(void);
RDCP_EXPORT int rdcp_errno_ENODATA(void);
RDCP_EXPORT int rdcp_errno_ENOTSUP(void);
RDCP_EXPORT int rdcp_errno_ERANGE(void);
RDCP_EXPORT int rdcp_strerror(int errnum, char *buffer, size_t length);

#endif
