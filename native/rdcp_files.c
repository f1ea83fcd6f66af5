/* _GNU_SOURCE: O_PATH, AT_EMPTY_PATH and syscall(). */
#define _GNU_SOURCE
#include "rdcp_posix.h"

#include <errno.h>
#include <fcntl.h>
#include <linux/openat2.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <unistd.h>

static void status_fields(const struct stat *st, int64_t *out)
{
	out[0] = (int64_t)st->st_mode;
	out[1] = (int64_t)st->st_size;
	out[2] = (int64_t)st->st_mtim.tv_sec;
	out[3] = (int64_t)st->st_mtim.tv_nsec;
	out[4] = (int64_t)st->st_uid;
	out[5] = (int64_t)st->st_gid;
	out[6] = (int64_t)st->st_nlink;
	out[7] = (int64_t)st->st_dev;
	out[8] = (int64_t)st->st_ino;
	out[9] = (int64_t)st->st_rdev;
	out[10] = (int64_t)st->st_atim.tv_sec;
	out[11] = (int64_t)st->st_atim.tv_nsec;
}

/*
 * One stat(2) or lstat(2), its fields widened into out[RDCP_STATUS_FIELDS] in a fixed order, so
 * that Java reads them without knowing struct stat's layout on this architecture (and without
 * the JDK's attribute-map machinery, which costs ten times the system call in cold code).
 */
int rdcp_file_status(const char *path, int follow_links, int64_t *out)
{
	struct stat st;
	if (fstatat(AT_FDCWD, path, &st, follow_links ? 0 : AT_SYMLINK_NOFOLLOW) != 0)
		return -errno;
	status_fields(&st, out);
	return 0;
}

/* lstat of name inside dirfd; an empty name is dirfd itself. */
int rdcp_status_at(int dirfd, const char *name, int64_t *out)
{
	struct stat st;
	if (fstatat(dirfd, name, &st, AT_SYMLINK_NOFOLLOW | (name[0] == '\0' ? AT_EMPTY_PATH : 0)) != 0)
		return -errno;
	status_fields(&st, out);
	return 0;
}

/*
 * Names rdcp_open_beneath takes: relative, components neither empty nor "..". openat2's
 * RESOLVE_BENEATH would accept a ".." that stays inside; refusing it here makes both ways of
 * resolving agree.
 */
static int check_beneath(const char *path)
{
	if (path[0] == '\0' || path[0] == '/')
		return -EXDEV;
	const char *start = path;
	for (const char *p = path;; p++) {
		if (*p == '/' || *p == '\0') {
			size_t length = (size_t)(p - start);
			if (length == 0 || (length == 2 && start[0] == '.' && start[1] == '.'))
				return -EXDEV;
			if (*p == '\0')
				return 0;
			start = p + 1;
		}
	}
}

/* 1: openat2 works here, 0: it does not (ENOSYS before Linux 5.6, or a filter), -1: not yet known. */
static int openat2_state = -1;

static int open_with_openat2(int dirfd, const char *path, int flags, int mode, int follow)
{
	struct open_how how;
	memset(&how, 0, sizeof how);
	how.flags = (uint64_t)(flags | O_CLOEXEC);
	how.mode = (flags & (O_CREAT | O_TMPFILE)) ? (uint64_t)mode : 0;
	how.resolve = RESOLVE_BENEATH | RESOLVE_NO_MAGICLINKS | (follow ? 0 : RESOLVE_NO_SYMLINKS);
	long fd;
	do {
		fd = syscall(SYS_openat2, dirfd, path, &how, sizeof how);
	} while (fd < 0 && (errno == EAGAIN || errno == EINTR));
	return fd < 0 ? -errno : (int)fd;
}

/*
 * The same without openat2: one component at a time, each directory opened with O_NOFOLLOW, the
 * last with the caller's flags and O_NOFOLLOW. A symlink anywhere fails with ELOOP, as
 * RESOLVE_NO_SYMLINKS does.
 */
static int open_by_walk(int dirfd, const char *path, int flags, int mode)
{
	char component[256];
	int current = dirfd;
	const char *start = path;
	for (;;) {
		const char *slash = strchr(start, '/');
		size_t length = slash == NULL ? strlen(start) : (size_t)(slash - start);
		if (length >= sizeof component) {
			if (current != dirfd)
				close(current);
			return -ENAMETOOLONG;
		}
		memcpy(component, start, length);
		component[length] = '\0';
		int fd;
		if (slash == NULL) {
			fd = openat(current, component, flags | O_NOFOLLOW | O_CLOEXEC, mode);
		} else {
			fd = openat(current, component, O_PATH | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
		}
		int error = errno;
		if (fd < 0 && error == ENOTDIR) {
			struct stat st;
			if (fstatat(current, component, &st, AT_SYMLINK_NOFOLLOW) == 0 && S_ISLNK(st.st_mode))
				error = ELOOP;
		}
		if (current != dirfd)
			close(current);
		if (fd < 0)
			return -error;
		if (slash == NULL)
			return fd;
		current = fd;
		start = slash + 1;
	}
}

static int open_beneath(int dirfd, const char *path, int flags, int mode, int walk_only, int follow)
{
	int rc = check_beneath(path);
	if (rc < 0)
		return rc;
	if (!walk_only && openat2_state != 0) {
		int fd = open_with_openat2(dirfd, path, flags, mode, follow);
		if (fd == -EPERM && openat2_state < 0) {
			/*
			 * Older container seccomp profiles answer a syscall they do not know with EPERM, not
			 * ENOSYS. The walk tells that apart from a file that refuses this open: if it opens,
			 * openat2 is what was refused.
			 */
			int walked = open_by_walk(dirfd, path, flags, mode);
			if (walked >= 0)
				openat2_state = 0;
			return walked;
		}
		if (fd != -ENOSYS) {
			openat2_state = 1;
			return fd;
		}
		openat2_state = 0;
	}
	return open_by_walk(dirfd, path, flags, mode);
}

int rdcp_open_beneath(int dirfd, const char *path, int flags, int mode, int walk_only)
{
	return open_beneath(dirfd, path, flags, mode, walk_only, 0);
}

/*
 * path beneath dirfd with flags and symlinks followed, as long as every step stays beneath it
 * (RESOLVE_BENEATH: an absolute target, or ".." above dirfd, fails with EXDEV), as rsync's daemon
 * follows the symlinks inside its module. Without openat2 it takes the walk, which follows none.
 */
int rdcp_open_following(int dirfd, const char *path, int flags)
{
	return open_beneath(dirfd, path, flags, 0, 0, 1);
}

/*
 * The names in directory fd (opened for reading), NUL-terminated one after another in buffer,
 * "." and ".." left out: getdents64 fills buffer with its records and the names are moved down
 * over their headers, which are always longer than what is kept. Returns the bytes used, 0 only
 * at the end of the directory: a batch that held nothing but "." and ".." (a file system may
 * return them alone, and anywhere in the order) is followed by the next.
 */
int rdcp_read_names(int fd, char *buffer, size_t length)
{
	size_t kept = 0;
	while (kept == 0) {
		long got = syscall(SYS_getdents64, fd, buffer, length);
		if (got < 0)
			return -errno;
		if (got == 0)
			break;
		for (long at = 0; at < got;) {
			unsigned short record = *(unsigned short *)(buffer + at + 16);
			const char *name = buffer + at + 19;
			size_t name_length = strlen(name);
			if (!(name[0] == '.' && (name[1] == '\0' || (name[1] == '.' && name[2] == '\0')))) {
				memmove(buffer + kept, name, name_length + 1);
				kept += name_length + 1;
			}
			at += record;
		}
	}
	return (int)kept;
}
