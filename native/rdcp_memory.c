/*
 * How the C library hands memory back. A daemon allocates each session's staging, pool and
 * scratch blocks as direct buffers, that is with malloc, and frees them when the session ends.
 * glibc serves a large block with its own mapping only until the first such block is freed: then
 * it raises its mmap threshold to that block's size, and its trim threshold to twice that, and
 * serves later blocks from the calling thread's arena, which keeps them once freed. So every
 * session thread kept the largest session it had run.
 */
#include <errno.h>

#include "rdcp_posix.h"

#ifdef __GLIBC__
#include <malloc.h>

/* mallopt(3): the largest mmap threshold glibc takes on 64-bit systems. */
#define RDCP_MAX_MMAP_THRESHOLD (32 << 20)

int rdcp_map_large_blocks(int64_t bytes)
{
	if (bytes <= 0 || bytes > RDCP_MAX_MMAP_THRESHOLD)
		return -EINVAL;
	/*
	 * Setting either threshold stops glibc from moving both. The trim threshold keeps the free
	 * top of an arena small, so a large block finds no room there and gets a mapping.
	 */
	if (mallopt(M_TRIM_THRESHOLD, (int)bytes) != 1 || mallopt(M_MMAP_THRESHOLD, (int)bytes) != 1)
		return -EINVAL;
	/* The thresholds act from the next free on; what start-up left free goes back now. */
	malloc_trim(0);
	return 0;
}
#else
int rdcp_map_large_blocks(int64_t bytes)
{
	(void)bytes;
	return -ENOSYS;
}
#endif
