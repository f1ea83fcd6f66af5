#include "rdcp_posix.h"

#include <errno.h>
#include <fcntl.h>
#include <sys/stat.h>

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
	out[0] = (int64_t)st.st_mode;
	out[1] = (int64_t)st.st_size;
	out[2] = (int64_t)st.st_mtim.tv_sec;
	out[3] = (int64_t)st.st_mtim.tv_nsec;
	out[4] = (int64_t)st.st_uid;
	out[5] = (int64_t)st.st_gid;
	out[6] = (int64_t)st.st_nlink;
	out[7] = (int64_t)st.st_dev;
	out[8] = (int64_t)st.st_ino;
	return 0;
}
