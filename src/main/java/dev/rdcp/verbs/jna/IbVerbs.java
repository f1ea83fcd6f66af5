package dev.rdcp.verbs.jna;

import com.sun.jna.Native;
import com.sun.jna.NativeLibrary;
import com.sun.jna.Pointer;

/**
 * libibverbs' exported functions, direct-mapped. Functions returning a pointer return null and
 * set errno on failure; {@code Native.getLastError()} reads it.
 */
public final class IbVerbs {

    /** Name of the library as the dynamic linker knows it at run time (no -dev package needed). */
    public static final String LIBRARY = "libibverbs.so.1";

    static {
        Native.register(IbVerbs.class, NativeLibrary.getInstance(LIBRARY));
    }

    private IbVerbs() {
    }

    public static native Pointer ibv_get_device_list(int[] num_devices);

    public static native void ibv_free_device_list(Pointer list);

    public static native String ibv_get_device_name(Pointer device);

    public static native Pointer ibv_open_device(Pointer device);

    public static native int ibv_close_device(Pointer context);

    public static native Pointer ibv_alloc_pd(Pointer context);

    public static native int ibv_dealloc_pd(Pointer pd);

    public static native Pointer ibv_reg_mr(Pointer pd, Pointer addr, long length, int access);

    public static native int ibv_dereg_mr(Pointer mr);

    public static native Pointer ibv_create_comp_channel(Pointer context);

    public static native int ibv_destroy_comp_channel(Pointer channel);

    public static native Pointer ibv_create_cq(Pointer context, int cqe, Pointer cq_context, Pointer channel,
            int comp_vector);

    public static native int ibv_destroy_cq(Pointer cq);

    public static native Pointer ibv_create_qp(Pointer pd, ibv_qp_init_attr qp_init_attr);

    public static native int ibv_modify_qp(Pointer qp, ibv_qp_attr attr, int attr_mask);

    public static native int ibv_destroy_qp(Pointer qp);

    public static native String ibv_wc_status_str(int status);
}
