package dev.rdcp.verbs.jna;

import com.sun.jna.Pointer;
import com.sun.jna.Structure;

/** A C struct mapping whose size and field offsets can be checked against the C headers. */
public abstract class LayoutStructure extends Structure {

    protected LayoutStructure() {
        super();
    }

    protected LayoutStructure(Pointer memory) {
        super(memory);
    }

    /** Offset of a field, as JNA lays it out. */
    public int offsetOf(String field) {
        return fieldOffset(field);
    }

    /** The C struct name this class maps. */
    public String cName() {
        return getClass().getSimpleName();
    }
}
