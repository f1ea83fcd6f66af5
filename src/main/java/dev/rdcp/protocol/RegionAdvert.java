package dev.rdcp.protocol;

import java.nio.ByteBuffer;

/** A registered buffer the peer may RDMA WRITE into: address, length and rkey (MSG_MR). */
public record RegionAdvert(long address, long length, int rkey) {

    public static final int SIZE = 20;

    public void encode(ByteBuffer out) {
        out.putLong(address).putLong(length).putInt(rkey);
    }

    public static RegionAdvert decode(ByteBuffer in) throws ProtocolException {
        Frames.expectSize(MessageType.REGION, in, SIZE);
        long address = in.getLong();
        long length = in.getLong();
        if (length < 0) {
            throw new ProtocolException("negative region length");
        }
        return new RegionAdvert(address, length, in.getInt());
    }
}
