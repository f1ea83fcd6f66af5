#include "rdcp_posix.h"

#include <errno.h>
#include <unistd.h>

/*
 * Reads length bytes at offset of fd into buffer with pread(2), resuming after a partial read or
 * a signal, so Java makes one call per chunk. Returns the bytes read, fewer than length only
 * where the file ends (it shrank), or -errno.
 */
int64_t rdcp_read_at(int fd, void *buffer, int64_t length, int64_t offset)
{
	int64_t done = 0;
	while (done < length) {
		ssize_t n = pread(fd, (char *)buffer + done, (size_t)(length - done), (off_t)(offset + done));
		if (n < 0) {
			if (errno == EINTR)
				continue;
			return -errno;
		}
		if (n == 0)
			break;
		done += n;
	}
	return done;
}
