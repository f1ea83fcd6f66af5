#define _GNU_SOURCE
#include "rdcp_posix.h"

#include <errno.h>
#include <grp.h>
#include <pwd.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

/* getpw*_r and getgr*_r want a buffer; this holds any sane passwd or group entry. */
#define RDCP_NSS_BUFFER 16384

/* The uid and primary gid of user `name`, through NSS; -ENOENT when there is no such user. */
int rdcp_user_ids(const char *name, int64_t *out)
{
	struct passwd entry;
	struct passwd *found = NULL;
	char *buffer = malloc(RDCP_NSS_BUFFER);
	if (buffer == NULL)
		return -ENOMEM;
	int rc = getpwnam_r(name, &entry, buffer, RDCP_NSS_BUFFER, &found);
	if (rc == 0 && found != NULL) {
		out[0] = (int64_t)entry.pw_uid;
		out[1] = (int64_t)entry.pw_gid;
	}
	free(buffer);
	return rc != 0 ? -rc : found == NULL ? -ENOENT : 0;
}

/* The gid of group `name`; -ENOENT when there is no such group. */
int rdcp_group_id(const char *name, int64_t *out)
{
	struct group entry;
	struct group *found = NULL;
	char *buffer = malloc(RDCP_NSS_BUFFER);
	if (buffer == NULL)
		return -ENOMEM;
	int rc = getgrnam_r(name, &entry, buffer, RDCP_NSS_BUFFER, &found);
	if (rc == 0 && found != NULL)
		out[0] = (int64_t)entry.gr_gid;
	free(buffer);
	return rc != 0 ? -rc : found == NULL ? -ENOENT : 0;
}

/*
 * Copies a name NSS found into out (capacity bytes, no NUL kept); its length. A name too long to
 * carry counts as none (-ENOENT): its id then travels as a number, as an id without a name does.
 */
static int rdcp_copy_name(const char *name, char *out, int32_t capacity)
{
	size_t length = strlen(name);
	if (length > (size_t)capacity)
		return -ENOENT;
	memcpy(out, name, length);
	return (int)length;
}

/* The name of user uid, into out; its length, or -ENOENT when uid has no name. */
int rdcp_user_name(int64_t uid, char *out, int32_t capacity)
{
	struct passwd entry;
	struct passwd *found = NULL;
	char *buffer = malloc(RDCP_NSS_BUFFER);
	if (buffer == NULL)
		return -ENOMEM;
	int rc = getpwuid_r((uid_t)uid, &entry, buffer, RDCP_NSS_BUFFER, &found);
	int result = rc != 0 ? -rc : found == NULL ? -ENOENT : rdcp_copy_name(entry.pw_name, out, capacity);
	free(buffer);
	return result;
}

/* The name of group gid, into out; its length, or -ENOENT when gid has no name. */
int rdcp_group_name(int64_t gid, char *out, int32_t capacity)
{
	struct group entry;
	struct group *found = NULL;
	char *buffer = malloc(RDCP_NSS_BUFFER);
	if (buffer == NULL)
		return -ENOMEM;
	int rc = getgrgid_r((gid_t)gid, &entry, buffer, RDCP_NSS_BUFFER, &found);
	int result = rc != 0 ? -rc : found == NULL ? -ENOENT : rdcp_copy_name(entry.gr_name, out, capacity);
	free(buffer);
	return result;
}

/*
 * Becomes gid (its only group) and then uid, for good: glibc applies set*id to every thread of
 * the process. Afterwards a way back to root must fail; if it does not, -EPERM.
 */
int rdcp_drop_privileges(int64_t uid, int64_t gid)
{
	gid_t group = (gid_t)gid;
	if (setgroups(1, &group) != 0 || setresgid(group, group, group) != 0)
		return -errno;
	if (setresuid((uid_t)uid, (uid_t)uid, (uid_t)uid) != 0)
		return -errno;
	if (uid != 0 && (setuid(0) == 0 || seteuid(0) == 0))
		return -EPERM;
	return 0;
}
