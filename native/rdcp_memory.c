/*
 * How the C library hands memory back. A daemon allocates each session's staging, pool and
 * rings as direct buffers, that is with malloc, and frees them when the session ends. glibc
 * serves a large block with its own mapping only until the first such block is freed: then it
 * raises its threshold to that block's size and serves later ones from the calling thread's arena,
 * which keeps them once freed. So every session thread kept the largest session it had run.
 */
#include <errno.h>
#include <malloc.h>

#include "rdcp_posix.h"

int rdcp_map_large_blocks(int64_t bytes)
{
#ifdef __GLIBC__
	if (bytes <= 0 || bytes > (1 << 30))
		return -EINVAL;
	/* Setting the threshold also stops glibc from raising it. */
	return mallopt(M_MMAP_THRESHOLD, (int)bytes) == 1 ? 0 : -EINVAL;
#else
	(void)bytes;
	return -ENOSYS;
#endif
}
