package dev.rdcp.verbs;

import com.sun.jna.Structure;
import dev.rdcp.verbs.jna.LayoutStructure;
import dev.rdcp.verbs.jna.RdcpShim;
import dev.rdcp.verbs.jna.ibv_ah_attr;
import dev.rdcp.verbs.jna.ibv_gid_entry;
import dev.rdcp.verbs.jna.ibv_global_route;
import dev.rdcp.verbs.jna.ibv_mr;
import dev.rdcp.verbs.jna.ibv_qp_attr;
import dev.rdcp.verbs.jna.ibv_qp_cap;
import dev.rdcp.verbs.jna.ibv_qp_init_attr;
import dev.rdcp.verbs.jna.ibv_wc;
import dev.rdcp.verbs.jna.rdcp_port_fields;
import java.util.List;
import java.util.Optional;

/** Compares the Java struct mappings with the layouts the shim was compiled with. */
final class AbiCheck {

    private AbiCheck() {
    }

    static List<LayoutStructure> mappedStructs() {
        return List.of(new ibv_gid_entry(), new ibv_qp_cap(), new ibv_qp_init_attr(),
                new ibv_global_route(), new ibv_ah_attr(), new ibv_qp_attr(), new ibv_wc(), new ibv_mr());
    }

    /** The first difference found, described, or empty when every size, offset and index agrees. */
    static Optional<String> firstMismatch() {
        for (var index : rdcp_port_fields.BY_NAME.entrySet()) {
            Optional<String> mismatch = compare(index.getKey(), index.getValue());
            if (mismatch.isPresent()) {
                return mismatch;
            }
        }
        for (LayoutStructure struct : mappedStructs()) {
            String name = struct.cName();
            Optional<String> mismatch = compare(name, struct.size());
            if (mismatch.isPresent()) {
                return mismatch;
            }
            for (String field : fieldNames(struct)) {
                mismatch = compare(name + "." + field, struct.offsetOf(field));
                if (mismatch.isPresent()) {
                    return mismatch;
                }
            }
        }
        return Optional.empty();
    }

    private static Optional<String> compare(String name, long javaValue) {
        long cValue = RdcpShim.rdcp_abi_layout(name);
        if (cValue < 0) {
            return Optional.of(name + " is unknown to the native shim");
        }
        if (cValue != javaValue) {
            String what = name.startsWith("rdcp_") ? "index" : name.contains(".") ? "offset" : "size";
            return Optional.of(name + " " + what + " is " + cValue + " in C but " + javaValue + " in Java");
        }
        return Optional.empty();
    }

    private static List<String> fieldNames(Structure struct) {
        return List.of(struct.getClass().getAnnotation(Structure.FieldOrder.class).value());
    }

    /** Offset of a field in an opaque struct Java does not map, from the shim's table. */
    static long nativeOffset(String structDotField) {
        long offset = RdcpShim.rdcp_abi_layout(structDotField);
        if (offset < 0) {
            throw new IllegalStateException("native shim does not know " + structDotField);
        }
        return offset;
    }
}
