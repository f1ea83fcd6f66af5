/* _GNU_SOURCE selects glibc's strerror_r that returns char * (the XSI one returns int). */
#define _GNU_SOURCE
#include "rdcp_posix.h"

#include <errno.h>
#include <stdio.h>
#include <string.h>

/* Java takes errno values from here rather than hard-coding one architecture's numbers. */
#define RDCP_ERRNO(name) \
	int rdcp_errno_##name(void) { return name; }

RDCP_ERRNO(EPERM)
RDCP_ERRNO(ENOENT)
RDCP_ERRNO(ENOMEM)
RDCP_ERRNO(EACCES)
RDCP_ERRNO(ENOSYS)
RDCP_ERRNO(ETIMEDOUT)
RDCP_ERRNO(EEXIST)
RDCP_ERRNO(EBADF)
RDCP_ERRNO(ENOTDIR)
RDCP_ERRNO(EISDIR)
RDCP_ERRNO(ELOOP)
RDCP_ERRNO(EXDEV)
RDCP_ERRNO(EINVAL)
RDCP_ERRNO(ENODATA)
RDCP_ERRNO(ENOTSUP)
RDCP_ERRNO(ERANGE)

/*
 * errnum's text into buffer (NUL-terminated, cut to length), for any thread: strerror may
 * share one buffer between threads. The GNU strerror_r returns either a static string, leaving
 * buffer untouched, or buffer itself; assigning its result to a pointer fails to compile under
 * -Werror if the XSI variant (returning int) is ever picked instead.
 */
int rdcp_strerror(int errnum, char *buffer, size_t length)
{
	if (length == 0)
		return -EINVAL;
	const char *text = strerror_r(errnum, buffer, length);
	if (text != buffer)
		snprintf(buffer, length, "%s", text);
	return 0;
}
