package dev.rdcp.transfer;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.rdcp.protocol.Entry;
import dev.rdcp.protocol.EntryType;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * rsync's --chmod clauses. Each expected mode is what rsync 3.5.0 gave the same entry
 * ({@code rsync -rp --chmod=SPEC} under the same umask).
 */
class ChmodRulesTest {

    @ParameterizedTest(name = "umask {0}: {1} on {2} {3} gives {4}")
    @CsvSource(delimiter = ';', value = {
        "022; Du=rwx,go=rx,Fu=rw,go=r; d; 2775; 2744",
        "022; Du=rwx,go=rx,Fu=rw,go=r; f; 0755; 0644",
        "022; a+X; f; 0644; 0644",
        "022; a+X; f; 0100; 0111",
        "022; a+X; d; 0600; 0711",
        "022; +X; f; 0010; 0111",
        "077; +X; f; 0010; 0110",
        "077; +w; f; 0444; 0644",
        "022; g=u; f; 2640; 0660",
        "022; o+g,u-o; f; 0751; 0255",
        "077; =u; f; 0751; 0700",
        "022; o+ts; f; 0644; 4644",
        "022; ug+s; d; 0755; 6755",
        "022; D755,F644; d; 1777; 0755",
        "022; D755,F644; f; 4755; 0644",
        "022; o=t; f; 1644; 1640",
        "022; Fa-x,Dg+s; d; 0755; 2755",
        "022; Fa-x,Dg+s; f; 0755; 0644",
        "022; u=s; f; 6755; 6055",
        "022; a-rwx,u+X; f; 0701; 0100",
    })
    void givesRsyncsModes(String umask, String spec, String kind, String mode, String expected) {
        ChmodRules rules = ChmodRules.parse(spec, Integer.parseInt(umask, 8));
        assertEquals(Integer.parseInt(expected, 8), rules.apply(Integer.parseInt(mode, 8), kind.equals("d")));
    }

    /** rsync's syntax errors, each reported with the whole argument. */
    @ParameterizedTest
    @CsvSource(delimiter = ';', value = {"x", "u+q", "DFu+x", "''", ",", "888", "17777", "Du+x,,Fu+x", "u+rg", "D",
        "F", "u7", "u+r-w", "755x"})
    void refusesWhatRsyncRefuses(String spec) {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> ChmodRules.parse(spec, 022));
        assertEquals("Invalid argument passed to --chmod (" + spec + ")", e.getMessage());
    }

    /** Clauses rsync takes though they change little or nothing. */
    @ParameterizedTest
    @CsvSource(delimiter = ';', value = {"u=g; 0640; 0440", "u+; 0640; 0640", "=; 0640; 0000", "0; 0640; 0000",
        "7777; 0640; 7777", "uDg+r; 0600; 0600"})
    void takesWhatRsyncTakes(String spec, String mode, String expected) {
        assertEquals(Integer.parseInt(expected, 8), ChmodRules.parse(spec, 022).apply(Integer.parseInt(mode, 8), false));
    }

    /** Several --chmod options add up in order; a later clause sees what an earlier one made. */
    @Test
    void laterRulesFollowEarlierOnes() {
        ChmodRules both = ChmodRules.parse("u=rwx", 022).then(ChmodRules.parse("g=u", 022));
        assertEquals(0770, both.apply(0600, false));
    }

    /** The type bits of an entry stay; a symlink and a directory's end are left as listed. */
    @Test
    void entriesKeepTheirTypeAndSymlinksTheirMode() {
        ChmodRules rules = ChmodRules.parse("a=r", 022);
        assertEquals(0020444, rules.apply(entry(EntryType.DEVICE, 0020660)).mode());
        assertEquals(0444, rules.apply(entry(EntryType.DIRECTORY, 0755)).mode());
        Entry link = entry(EntryType.SYMLINK, 0777);
        assertSame(link, rules.apply(link));
        assertEquals(0120777, rules.applyToStatus(0120777));
        assertEquals(0100444, rules.applyToStatus(0100600));
    }

    private static Entry entry(EntryType type, int mode) {
        return new Entry(1, type, mode, 0, 0, 0, 0, 0, "e".getBytes(StandardCharsets.US_ASCII), new byte[0]);
    }
}
