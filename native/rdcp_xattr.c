#include "rdcp_posix.h"

#include <errno.h>
#include <stdio.h>
#include <sys/xattr.h>

/*
 * Extended attributes through an open descriptor. A descriptor opened with O_PATH (to name a
 * file without reading it) makes the f*xattr calls fail with EBADF; its /proc/self/fd link then
 * names the same open file, whatever happened to its path since, and the path calls follow that
 * link to the file itself, never further.
 */
static void proc_path(int fd, char *path, size_t length)
{
	snprintf(path, length, "/proc/self/fd/%d", fd);
}

int64_t rdcp_xattr_list(int fd, char *buffer, size_t length)
{
	ssize_t n = flistxattr(fd, buffer, length);
	if (n < 0 && errno == EBADF) {
		char path[32];
		proc_path(fd, path, sizeof path);
		n = listxattr(path, buffer, length);
	}
	return n < 0 ? -errno : (int64_t)n;
}

int64_t rdcp_xattr_get(int fd, const char *name, void *buffer, size_t length)
{
	ssize_t n = fgetxattr(fd, name, buffer, length);
	if (n < 0 && errno == EBADF) {
		char path[32];
		proc_path(fd, path, sizeof path);
		n = getxattr(path, name, buffer, length);
	}
	return n < 0 ? -errno : (int64_t)n;
}

int rdcp_xattr_set(int fd, const char *name, const void *value, size_t length)
{
	int rc = fsetxattr(fd, name, value, length, 0);
	if (rc != 0 && errno == EBADF) {
		char path[32];
		proc_path(fd, path, sizeof path);
		rc = setxattr(path, name, value, length, 0);
	}
	return rc != 0 ? -errno : 0;
}

int rdcp_xattr_remove(int fd, const char *name)
{
	int rc = fremovexattr(fd, name);
	if (rc != 0 && errno == EBADF) {
		char path[32];
		proc_path(fd, path, sizeof path);
		rc = removexattr(path, name);
	}
	return rc != 0 ? -errno : 0;
}
