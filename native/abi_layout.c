/*
 * The struct layouts the Java side maps with JNA, as this compiler and <infiniband/verbs.h>
 * see them. Java compares its own sizes and offsets with these at load time and refuses to
 * run on a mismatch, instead of corrupting memory.
 */
#include "rdcp_shim.h"

#include <stddef.h>
#include <string.h>

#define SIZE(type) { #type, sizeof(struct type) }
#define FIELD(type, field) { #type "." #field, offsetof(struct type, field) }

static const struct {
	const char *name;
	size_t value;
} layout[] = {
	/* Not a struct: the indexes of rdcp_query_port's fields. */
	{ "rdcp_port_fields.STATE", RDCP_PORT_STATE },
	{ "rdcp_port_fields.LINK_LAYER", RDCP_PORT_LINK_LAYER },
	{ "rdcp_port_fields.ACTIVE_MTU", RDCP_PORT_ACTIVE_MTU },
	{ "rdcp_port_fields.MAX_MTU", RDCP_PORT_MAX_MTU },
	{ "rdcp_port_fields.LID", RDCP_PORT_LID },
	{ "rdcp_port_fields.GID_TABLE_LENGTH", RDCP_PORT_GID_TABLE_LENGTH },
	{ "rdcp_port_fields", RDCP_PORT_FIELDS },

	SIZE(ibv_gid_entry),
	FIELD(ibv_gid_entry, gid), FIELD(ibv_gid_entry, gid_index), FIELD(ibv_gid_entry, port_num),
	FIELD(ibv_gid_entry, gid_type), FIELD(ibv_gid_entry, ndev_ifindex),

	SIZE(ibv_qp_cap),
	FIELD(ibv_qp_cap, max_send_wr), FIELD(ibv_qp_cap, max_recv_wr),
	FIELD(ibv_qp_cap, max_send_sge), FIELD(ibv_qp_cap, max_recv_sge),
	FIELD(ibv_qp_cap, max_inline_data),

	SIZE(ibv_qp_init_attr),
	FIELD(ibv_qp_init_attr, qp_context), FIELD(ibv_qp_init_attr, send_cq),
	FIELD(ibv_qp_init_attr, recv_cq), FIELD(ibv_qp_init_attr, srq), FIELD(ibv_qp_init_attr, cap),
	FIELD(ibv_qp_init_attr, qp_type), FIELD(ibv_qp_init_attr, sq_sig_all),

	SIZE(ibv_global_route),
	FIELD(ibv_global_route, dgid), FIELD(ibv_global_route, flow_label),
	FIELD(ibv_global_route, sgid_index), FIELD(ibv_global_route, hop_limit),
	FIELD(ibv_global_route, traffic_class),

	SIZE(ibv_ah_attr),
	FIELD(ibv_ah_attr, grh), FIELD(ibv_ah_attr, dlid), FIELD(ibv_ah_attr, sl),
	FIELD(ibv_ah_attr, src_path_bits), FIELD(ibv_ah_attr, static_rate),
	FIELD(ibv_ah_attr, is_global), FIELD(ibv_ah_attr, port_num),

	SIZE(ibv_qp_attr),
	FIELD(ibv_qp_attr, qp_state), FIELD(ibv_qp_attr, cur_qp_state), FIELD(ibv_qp_attr, path_mtu),
	FIELD(ibv_qp_attr, path_mig_state), FIELD(ibv_qp_attr, qkey), FIELD(ibv_qp_attr, rq_psn),
	FIELD(ibv_qp_attr, sq_psn), FIELD(ibv_qp_attr, dest_qp_num),
	FIELD(ibv_qp_attr, qp_access_flags), FIELD(ibv_qp_attr, cap), FIELD(ibv_qp_attr, ah_attr),
	FIELD(ibv_qp_attr, alt_ah_attr), FIELD(ibv_qp_attr, pkey_index),
	FIELD(ibv_qp_attr, alt_pkey_index), FIELD(ibv_qp_attr, en_sqd_async_notify),
	FIELD(ibv_qp_attr, sq_draining), FIELD(ibv_qp_attr, max_rd_atomic),
	FIELD(ibv_qp_attr, max_dest_rd_atomic), FIELD(ibv_qp_attr, min_rnr_timer),
	FIELD(ibv_qp_attr, port_num), FIELD(ibv_qp_attr, timeout), FIELD(ibv_qp_attr, retry_cnt),
	FIELD(ibv_qp_attr, rnr_retry), FIELD(ibv_qp_attr, alt_port_num),
	FIELD(ibv_qp_attr, alt_timeout), FIELD(ibv_qp_attr, rate_limit),

	SIZE(ibv_wc),
	FIELD(ibv_wc, wr_id), FIELD(ibv_wc, status), FIELD(ibv_wc, opcode),
	FIELD(ibv_wc, vendor_err), FIELD(ibv_wc, byte_len), FIELD(ibv_wc, imm_data),
	FIELD(ibv_wc, qp_num), FIELD(ibv_wc, src_qp), FIELD(ibv_wc, wc_flags),
	FIELD(ibv_wc, pkey_index), FIELD(ibv_wc, slid), FIELD(ibv_wc, sl),
	FIELD(ibv_wc, dlid_path_bits),

	SIZE(ibv_mr),
	FIELD(ibv_mr, context), FIELD(ibv_mr, pd), FIELD(ibv_mr, addr), FIELD(ibv_mr, length),
	FIELD(ibv_mr, handle), FIELD(ibv_mr, lkey), FIELD(ibv_mr, rkey),

	FIELD(ibv_qp, qp_num),
};

/* Size of "struct" or offset of "struct.field"; -1 for a name this table does not know. */
int64_t rdcp_abi_layout(const char *name)
{
	for (size_t i = 0; i < sizeof(layout) / sizeof(layout[0]); i++)
		if (strcmp(layout[i].name, name) == 0)
			return (int64_t)layout[i].value;
	return -1;
}
