/* _GNU_SOURCE: O_DIRECT. */
#define _GNU_SOURCE
#include "rdcp_posix.h"

#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <sys/mman.h>
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

/*
 * One pread(2) on a descriptor with O_DIRECT set: not resumed after a short count, because the
 * rest would start at an offset the device may not accept (a short count is the file's end,
 * which need not fall on a block). Returns the bytes read or -errno (EINVAL: the buffer, offset
 * or length is not aligned as the file system wants).
 */
int64_t rdcp_read_direct(int fd, void *buffer, int64_t length, int64_t offset)
{
	for (;;) {
		ssize_t n = pread(fd, buffer, (size_t)length, (off_t)offset);
		if (n >= 0)
			return n;
		if (errno != EINTR)
			return -errno;
	}
}

/*
 * Sets or clears O_DIRECT on fd (fcntl F_SETFL may change it on an open file). Returns 0, or
 * -errno: EINVAL where the file system cannot read past its page cache (tmpfs before Linux 6.6,
 * some network and FUSE file systems).
 */
int rdcp_set_direct(int fd, int on)
{
	int flags = fcntl(fd, F_GETFL);
	if (flags < 0)
		return -errno;
	flags = on ? flags | O_DIRECT : flags & ~O_DIRECT;
	return fcntl(fd, F_SETFL, flags) < 0 ? -errno : 0;
}

/*
 * How many bytes of fd from offset for length bytes are in the page cache, counted in whole pages
 * (at most length): mincore(2) of a read-only shared mapping that is never touched, so nothing is
 * read or faulted in. Returns the count, or -errno.
 */
int64_t rdcp_cached_bytes(int fd, int64_t offset, int64_t length)
{
	if (length <= 0 || offset < 0)
		return -EINVAL;
	long page = sysconf(_SC_PAGESIZE);
	int64_t start = offset - offset % page;
	size_t span = (size_t)(length + (offset - start));
	size_t pages = (span + (size_t)page - 1) / (size_t)page;
	unsigned char *resident = malloc(pages);
	if (resident == NULL)
		return -ENOMEM;
	void *mapping = mmap(NULL, span, PROT_READ, MAP_SHARED, fd, (off_t)start);
	if (mapping == MAP_FAILED) {
		int error = errno;
		free(resident);
		return -error;
	}
	int rc = mincore(mapping, span, resident);
	int error = errno;
	munmap(mapping, span);
	int64_t cached = 0;
	for (size_t i = 0; rc == 0 && i < pages; i++)
		cached += resident[i] & 1;
	free(resident);
	if (rc != 0)
		return -error;
	return cached * page < length ? cached * page : length;
}
