package dev.rdcp.transfer;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import org.junit.jupiter.api.Test;

class SentFilesTest {

    @Test
    void aFileSentWholeIsTakenBackOnceWithItsBytes() {
        SentFiles sent = new SentFiles();
        for (int index = 1; index <= 10_000; index += 3) {
            sent.add(index, index * 10L);
        }
        assertEquals(3_334, sent.size());
        assertEquals(70, sent.takeBack(7));
        assertEquals(-1, sent.takeBack(7), "taken back once");
        assertEquals(99_970, sent.takeBack(9_997));
        assertEquals(-1, sent.takeBack(8), "never sent whole");
        assertEquals(-1, sent.takeBack(10_001));
        assertEquals(10, sent.takeBack(1));
    }

    @Test
    void aResumedFileKeepsTheBytesThatMovedEvenNone() {
        SentFiles sent = new SentFiles();
        sent.add(4, 0);
        assertEquals(0, sent.takeBack(4));
    }

    @Test
    void indexesMustAscendAsFilesAreSentInListOrder() {
        SentFiles sent = new SentFiles();
        sent.add(5, 1);
        assertThrows(IllegalStateException.class, () -> sent.add(5, 1));
        assertThrows(IllegalStateException.class, () -> sent.add(2, 1));
    }

    @Test
    void nothingIsTakenBackAfterTheEnd() {
        SentFiles sent = new SentFiles();
        sent.add(1, 100);
        sent.clear();
        assertEquals(0, sent.size());
        assertEquals(-1, sent.takeBack(1));
        sent.add(0, 1);
        assertEquals(1, sent.takeBack(0));
    }
}
