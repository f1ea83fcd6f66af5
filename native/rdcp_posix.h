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

/* rdcp_file_status's out[]: mode, size, mtime seconds, mtime nanoseconds, uid, gid, links, device, inode. */
#define RDCP_STATUS_FIELDS 9
RDCP_EXPORT int rdcp_file_status(const char *path, int follow_links, int64_t *out);

/* rdcp_read.c: a chunk of an open file into registered memory; the bytes read (fewer only at the
 * file's end) or -errno. */
RDCP_EXPORT int64_t rdcp_read_at(int fd, void *buffer, int64_t length, int64_t offset);

/* rdcp_identity.c: names to ids through NSS, and the daemon's privilege drop. */
RDCP_EXPORT int rdcp_user_ids(const char *name, int64_t *out);
RDCP_EXPORT int rdcp_group_id(const char *name, int64_t *out);
RDCP_EXPORT int rdcp_drop_privileges(int64_t uid, int64_t gid);

/* rdcp_errno.c: the errno values Java compares with, and their text, safe from any thread. */
RDCP_EXPORT int rdcp_errno_EPERM(void);
RDCP_EXPORT int rdcp_errno_ENOENT(void);
RDCP_EXPORT int rdcp_errno_ENOMEM(void);
RDCP_EXPORT int rdcp_errno_EACCES(void);
RDCP_EXPORT int rdcp_errno_ENOSYS(void);
RDCP_EXPORT int rdcp_errno_ETIMEDOUT(void);
RDCP_EXPORT int rdcp_strerror(int errnum, char *buffer, size_t length);

#endif
