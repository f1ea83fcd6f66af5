package dev.rdcp.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.rdcp.cli.InfoLevels.Flag;
import org.junit.jupiter.api.Test;

class InfoLevelsTest {

    @Test
    void withoutOptionsOnlyNonRegularFilesAreMentioned() {
        InfoLevels info = new InfoLevels(false, false, false);
        for (Flag flag : Flag.values()) {
            assertEquals(flag == Flag.NONREG ? 1 : 0, info.level(flag), flag.name());
        }
    }

    @Test
    void verboseProgressAndStatsSetRsyncsLevels() {
        InfoLevels verbose = new InfoLevels(true, false, false);
        assertEquals(1, verbose.level(Flag.NAME));
        assertEquals(1, verbose.level(Flag.STATS));
        assertEquals(1, verbose.level(Flag.FLIST));
        assertEquals(0, verbose.level(Flag.PROGRESS));
        InfoLevels progress = new InfoLevels(false, true, false);
        assertEquals(2, progress.level(Flag.FLIST));
        assertEquals(1, progress.level(Flag.NAME));
        assertEquals(1, progress.level(Flag.PROGRESS));
        assertEquals(0, progress.level(Flag.STATS));
        assertEquals(2, new InfoLevels(true, false, true).level(Flag.STATS));
    }

    @Test
    void wordsApplyInOrderOverTheOptions() {
        InfoLevels info = new InfoLevels(true, false, false);
        info.apply("progress2,name0");
        info.apply("STATS3");
        assertEquals(2, info.level(Flag.PROGRESS));
        assertEquals(0, info.level(Flag.NAME));
        assertEquals(3, info.level(Flag.STATS));
        info.apply("name");
        assertEquals(1, info.level(Flag.NAME), "no number is level 1");
    }

    @Test
    void allAndNoneSetEveryFlag() {
        InfoLevels info = new InfoLevels(true, true, true);
        info.apply("none");
        for (Flag flag : Flag.values()) {
            assertEquals(0, info.level(flag), flag.name());
        }
        info.apply("all4");
        for (Flag flag : Flag.values()) {
            assertEquals(4, info.level(flag), flag.name());
        }
    }

    @Test
    void anUnknownWordIsRsyncsError() {
        InfoLevels info = new InfoLevels(false, false, false);
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> info.apply("name1,bogus2"));
        assertEquals("Unknown --info item: \"bogus2\"", e.getMessage());
        assertThrows(IllegalArgumentException.class, () -> info.apply("7"));
    }

    @Test
    void helpListsEveryWord() {
        String help = InfoLevels.help();
        assertTrue(help.startsWith("Use OPT or OPT1 for level 1 output"), help);
        for (Flag flag : Flag.values()) {
            assertTrue(help.contains("\n" + flag.name() + " "), flag.name());
        }
        assertTrue(InfoLevels.asksForHelp("HELP"));
    }
}
