#include "rdcp_shim.h"

#include <errno.h>
#include <poll.h>

/*
 * The post and notify verbs return an errno value, not -1 with errno set, and providers differ
 * in its sign (rxe and mlx5 return it positive, qedr negative): -errno either way.
 */
static inline int negative_errno(int rc)
{
	return rc > 0 ? -rc : rc;
}

int rdcp_post_write(struct ibv_qp *qp, uint64_t wr_id, uint64_t local_addr, uint32_t lkey,
                    uint32_t length, uint64_t remote_addr, uint32_t rkey, int send_flags)
{
	struct ibv_sge sge = { .addr = local_addr, .length = length, .lkey = lkey };
	struct ibv_send_wr wr = {
		.wr_id = wr_id,
		.sg_list = &sge,
		.num_sge = length > 0 ? 1 : 0,
		.opcode = IBV_WR_RDMA_WRITE,
		.send_flags = (unsigned int)send_flags,
		.wr.rdma = { .remote_addr = remote_addr, .rkey = rkey },
	};
	struct ibv_send_wr *bad;
	return negative_errno(ibv_post_send(qp, &wr, &bad));
}

int rdcp_post_send(struct ibv_qp *qp, uint64_t wr_id, uint64_t local_addr, uint32_t lkey,
                   uint32_t length, int send_flags)
{
	struct ibv_sge sge = { .addr = local_addr, .length = length, .lkey = lkey };
	struct ibv_send_wr wr = {
		.wr_id = wr_id,
		.sg_list = &sge,
		.num_sge = length > 0 ? 1 : 0,
		.opcode = IBV_WR_SEND,
		.send_flags = (unsigned int)send_flags,
	};
	struct ibv_send_wr *bad;
	return negative_errno(ibv_post_send(qp, &wr, &bad));
}

/*
 * An unsignaled RDMA WRITE and the SEND that follows it, as one list in one post: one doorbell
 * (on rxe, one system call) instead of two. The SEND's completion proves the WRITE done.
 */
int rdcp_post_write_send(struct ibv_qp *qp, uint64_t write_wr_id, uint64_t write_addr, uint32_t write_lkey,
                         uint32_t write_length, uint64_t remote_addr, uint32_t rkey, uint64_t send_wr_id,
                         uint64_t send_addr, uint32_t send_lkey, uint32_t send_length, int send_flags)
{
	struct ibv_sge write_sge = { .addr = write_addr, .length = write_length, .lkey = write_lkey };
	struct ibv_sge send_sge = { .addr = send_addr, .length = send_length, .lkey = send_lkey };
	struct ibv_send_wr send = {
		.wr_id = send_wr_id,
		.sg_list = &send_sge,
		.num_sge = send_length > 0 ? 1 : 0,
		.opcode = IBV_WR_SEND,
		.send_flags = (unsigned int)send_flags,
	};
	struct ibv_send_wr write = {
		.wr_id = write_wr_id,
		.next = &send,
		.sg_list = &write_sge,
		.num_sge = write_length > 0 ? 1 : 0,
		.opcode = IBV_WR_RDMA_WRITE,
		.wr.rdma = { .remote_addr = remote_addr, .rkey = rkey },
	};
	struct ibv_send_wr *bad;
	return negative_errno(ibv_post_send(qp, &write, &bad));
}

int rdcp_post_recv(struct ibv_qp *qp, uint64_t wr_id, uint64_t local_addr, uint32_t lkey,
                   uint32_t length)
{
	struct ibv_sge sge = { .addr = local_addr, .length = length, .lkey = lkey };
	struct ibv_recv_wr wr = {
		.wr_id = wr_id,
		.sg_list = &sge,
		.num_sge = length > 0 ? 1 : 0,
	};
	struct ibv_recv_wr *bad;
	return negative_errno(ibv_post_recv(qp, &wr, &bad));
}

int rdcp_poll_cq(struct ibv_cq *cq, int max_entries, struct ibv_wc *wc)
{
	int n = ibv_poll_cq(cq, max_entries, wc);
	/* A negative count carries no errno; the providers use it for a broken CQ. */
	return n >= 0 ? n : -EIO;
}

int rdcp_req_notify_cq(struct ibv_cq *cq, int solicited_only)
{
	return negative_errno(ibv_req_notify_cq(cq, solicited_only));
}

/*
 * Waits for the next completion event on the channel, at most timeout_ms (negative: forever),
 * then consumes and acknowledges it. Returns the tag the fired CQ was created with (its
 * cq_context, a small non-negative number: the caller re-arms that CQ alone), -ETIMEDOUT or -errno.
 */
int rdcp_await_cq_event(struct ibv_comp_channel *channel, int timeout_ms)
{
	struct pollfd pfd = { .fd = channel->fd, .events = POLLIN };
	int ready;
	do {
		ready = poll(&pfd, 1, timeout_ms);
	} while (ready < 0 && errno == EINTR);
	if (ready < 0)
		return -errno;
	if (ready == 0)
		return -ETIMEDOUT;

	struct ibv_cq *cq;
	void *cq_context;
	/* A short read sets no errno: one left from an earlier call (poll's EINTR) must not be taken for it. */
	errno = 0;
	if (ibv_get_cq_event(channel, &cq, &cq_context))
		return errno ? -errno : -EIO;
	ibv_ack_cq_events(cq, 1);
	return (int)(intptr_t)cq_context;
}

/* Physical port count from ibv_query_device, so Java need not map the large ibv_device_attr. */
int rdcp_port_count(struct ibv_context *context)
{
	struct ibv_device_attr attr;
	int rc = ibv_query_device(context, &attr);
	if (rc)
		return rc > 0 ? -rc : (errno ? -errno : -EIO);
	return attr.phys_port_cnt;
}

/*
 * The port's fields Java uses, into fields[RDCP_PORT_FIELDS]. Not the struct itself: rdma-core
 * grows struct ibv_port_attr (v49 added active_speed_ex), so its size depends on the headers the
 * shim is built with, while this array does not.
 */
int rdcp_query_port(struct ibv_context *context, uint8_t port_num, int32_t *fields)
{
	struct ibv_port_attr attr;
	int rc = ibv_query_port(context, port_num, &attr);
	if (rc)
		return rc > 0 ? -rc : (errno ? -errno : -EIO);
	fields[RDCP_PORT_STATE] = attr.state;
	fields[RDCP_PORT_LINK_LAYER] = attr.link_layer;
	fields[RDCP_PORT_ACTIVE_MTU] = attr.active_mtu;
	fields[RDCP_PORT_MAX_MTU] = attr.max_mtu;
	fields[RDCP_PORT_LID] = attr.lid;
	fields[RDCP_PORT_GID_TABLE_LENGTH] = attr.gid_tbl_len;
	return 0;
}

/* Every valid GID of every port in one call; returns the count written or -errno. */
int rdcp_query_gid_table(struct ibv_context *context, struct ibv_gid_entry *entries, int max_entries)
{
	/* Already a count or a negative errno. */
	return (int)ibv_query_gid_table(context, entries, (size_t)max_entries, 0);
}
