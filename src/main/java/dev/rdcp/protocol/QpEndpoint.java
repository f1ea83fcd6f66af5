package dev.rdcp.protocol;

import java.nio.ByteBuffer;
import java.util.Arrays;

/**
 * What each side tells the other to connect its RC queue pair: QPN and starting PSN (24 bits each),
 * LID (InfiniBand), GID (RoCE), active MTU code and link layer.
 */
public record QpEndpoint(int qpNumber, int psn, int lid, byte[] gid, int mtuCode, int linkLayer) {

    public static final int SIZE = 28;
    private static final int MASK_24 = 0xFF_FFFF;

    public QpEndpoint {
        if ((qpNumber & ~MASK_24) != 0 || (psn & ~MASK_24) != 0) {
            throw new IllegalArgumentException("QPN and PSN are 24-bit values");
        }
        if (gid.length != 16) {
            throw new IllegalArgumentException("a GID has 16 bytes");
        }
        gid = gid.clone();
    }

    @Override
    public byte[] gid() {
        return gid.clone();
    }

    public void encode(ByteBuffer out) {
        out.putInt(qpNumber).putInt(psn).putShort((short) lid).put((byte) mtuCode).put((byte) linkLayer).put(gid);
    }

    public static QpEndpoint decode(ByteBuffer in) throws ProtocolException {
        Frames.expectSize(MessageType.QP_ENDPOINT, in, SIZE);
        int qpn = in.getInt();
        int psn = in.getInt();
        if ((qpn & ~MASK_24) != 0 || (psn & ~MASK_24) != 0) {
            throw new ProtocolException("QPN or PSN wider than 24 bits");
        }
        int lid = Short.toUnsignedInt(in.getShort());
        int mtu = Byte.toUnsignedInt(in.get());
        if (mtu < 1 || mtu > 5) {
            throw new ProtocolException("invalid MTU code " + mtu);
        }
        int linkLayer = Byte.toUnsignedInt(in.get());
        byte[] gid = new byte[16];
        in.get(gid);
        return new QpEndpoint(qpn, psn, lid, gid, mtu, linkLayer);
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof QpEndpoint e && qpNumber == e.qpNumber && psn == e.psn && lid == e.lid
                && mtuCode == e.mtuCode && linkLayer == e.linkLayer && Arrays.equals(gid, e.gid);
    }

    @Override
    public int hashCode() {
        return 31 * Arrays.hashCode(gid) + qpNumber;
    }

    @Override
    public String toString() {
        return "QpEndpoint[qpn=" + qpNumber + ", psn=" + psn + ", lid=" + lid + ", mtu=" + mtuCode + "]";
    }
}
