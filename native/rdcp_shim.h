/*
 * rdcp native shim, verbs half: exported wrappers for the verbs that <infiniband/verbs.h>
 * defines as static inline (post, poll, notify) or as macros (query_port, query_gid_table), so
 * that Java can call them through JNA (dev.rdcp.verbs.jna.RdcpShim), and the struct layouts
 * (abi_layout.c). The file, identity and errno calls are in rdcp_posix.h. Every int-returning
 * function returns 0 (or a count) on success and -errno on failure.
 */
#ifndef RDCP_SHIM_H
#define RDCP_SHIM_H

#include <stdint.h>
#include <infiniband/verbs.h>

#include "rdcp_export.h"

RDCP_EXPORT int rdcp_post_write(struct ibv_qp *qp, uint64_t wr_id, uint64_t local_addr, uint32_t lkey,
                                uint32_t length, uint64_t remote_addr, uint32_t rkey, int send_flags);
RDCP_EXPORT int rdcp_post_send(struct ibv_qp *qp, uint64_t wr_id, uint64_t local_addr, uint32_t lkey,
                               uint32_t length, int send_flags);
RDCP_EXPORT int rdcp_post_write_send(struct ibv_qp *qp, uint64_t write_wr_id, uint64_t write_addr,
                                     uint32_t write_lkey, uint32_t write_length, uint64_t remote_addr,
                                     uint32_t rkey, uint64_t send_wr_id, uint64_t send_addr,
                                     uint32_t send_lkey, uint32_t send_length, int send_flags);
RDCP_EXPORT int rdcp_post_recv(struct ibv_qp *qp, uint64_t wr_id, uint64_t local_addr, uint32_t lkey,
                               uint32_t length);
RDCP_EXPORT int rdcp_poll_cq(struct ibv_cq *cq, int max_entries, struct ibv_wc *wc);
RDCP_EXPORT int rdcp_req_notify_cq(struct ibv_cq *cq, int solicited_only);
RDCP_EXPORT int rdcp_await_cq_event(struct ibv_comp_channel *channel, int timeout_ms);
RDCP_EXPORT int rdcp_port_count(struct ibv_context *context);
/* Indexes into rdcp_query_port's fields (dev.rdcp.verbs.DeviceContext reads the same). */
enum {
	RDCP_PORT_STATE,
	RDCP_PORT_LINK_LAYER,
	RDCP_PORT_ACTIVE_MTU,
	RDCP_PORT_MAX_MTU,
	RDCP_PORT_LID,
	RDCP_PORT_GID_TABLE_LENGTH,
	RDCP_PORT_FIELDS
};
RDCP_EXPORT int rdcp_query_port(struct ibv_context *context, uint8_t port_num, int32_t *fields);
RDCP_EXPORT int rdcp_query_gid_table(struct ibv_context *context, struct ibv_gid_entry *entries,
                                     int max_entries);
RDCP_EXPORT int64_t rdcp_abi_layout(const char *name);

#endif
