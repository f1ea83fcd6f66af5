package dev.rdcp.filter;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The client's rules as rsync reads its command line: merge files read in place, clear rules, -C. */
class CommandLineRulesTest {

    private static List<String> filters(TestSources sources, String... rules) throws IOException {
        CommandLineRules list = new CommandLineRules(sources);
        for (String rule : rules) {
            list.filter(rule, false);
        }
        return list.rules();
    }

    @Test
    void longAndShortNamesBecomeTheShortForm() throws IOException {
        assertEquals(List.of("- a", "+ b", "-s c", "+s d", "-r e", "+r f", "-/! g", "-p h/", "-x user.i", "+ j k"),
                filters(new TestSources(), "exclude a", "include b", "hide c", "show d", "protect e", "risk f",
                        "-,/! g", "exclude,p h/", "-x user.i", "+_j k"));
    }

    @Test
    void aMergeFileTakesTheMergeRulesPlace() throws IOException {
        TestSources sources = new TestSources().file("rules", "# comment\n; also\nH a\n. inner\n- b\n")
                .file("inner", "+ c\n");
        assertEquals(List.of("- 0", "-s a", "+ c", "- b", "- 9"), filters(sources, "- 0", "merge rules", "- 9"));
    }

    @Test
    void mergeModifiersShapeTheFilesRules() throws IOException {
        TestSources sources = new TestSources().file("names", "a\n+ b\n").file("words", "c d\n\te\n")
                .file("sided", "- f\n+ g\n").file("dir/self", "h\n");
        assertEquals(List.of("- a", "- + b"), filters(sources, ".- names"));
        assertEquals(List.of("+ c", "+ d", "+ e"), filters(sources, ".w+ words"));
        assertEquals(List.of("-r f", "+r g"), filters(sources, "merge,r sided"));
        assertEquals(List.of("-/ f", "+/ g"), filters(sources, "./ sided"));
        assertEquals(List.of("- self", "- h"), filters(sources, ".e- dir/self"));
    }

    @Test
    void aClearRuleInAMergeFileClearsTheWholeList() throws IOException {
        TestSources sources = new TestSources().file("rules", "- b\n!\n- c\n");
        assertEquals(List.of("- c", "- d"), filters(sources, "- a", ". rules", "- d"));
        assertEquals(List.of("- e"), filters(sources, "- a", "clear", "- e"));
    }

    @Test
    void oldStylePrefixesAndAClearLine() throws IOException {
        CommandLineRules list = new CommandLineRules(new TestSources());
        list.exclude("a");
        list.exclude("+ b");
        list.include("- c");
        list.include("!x");
        list.excludeFrom("d\n!\n+ e\nexclude f\n".getBytes(java.nio.charset.StandardCharsets.UTF_8), "file", false);
        assertEquals(List.of("+ e", "- exclude f"), list.rules());
        list.exclude("!");
        assertEquals(List.of(), list.rules());
    }

    @Test
    void theCvsListIsRsyncsThenHomesThenTheEnvironments() throws IOException {
        TestSources sources = new TestSources().variable("HOME", "/home/u").file("/home/u/.cvsignore", "*.tmp  build/\n")
                .variable("CVSIGNORE", "*.swp");
        List<String> rules = filters(sources, "- first", "-C", "+ last");
        assertEquals("- first", rules.get(0));
        assertEquals("-p RCS", rules.get(1));
        assertEquals("-p .bzr/", rules.get(rules.size() - 5));
        assertEquals(List.of("- *.tmp", "- build/", "- *.swp", "+ last"), rules.subList(rules.size() - 4, rules.size()));
        assertEquals(List.of("- x", "- only"), filters(new TestSources().variable("CVSIGNORE", "! only"), "- x", "-C"));
    }

    @Test
    void aMergeFileThatMergesItselfStopsAtRsyncsDepth() {
        TestSources sources = new TestSources().file("loop", ". loop\n");
        IOException e = assertThrows(IOException.class, () -> filters(sources, ". loop"));
        assertEquals("merge-file include depth limit (32) exceeded at loop", e.getMessage());
    }

    @Test
    void aSidedMergeFileCannotHoldSidedRules() {
        TestSources sources = new TestSources().file("sided", "H a\n");
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> filters(sources, "merge,s sided"));
        assertEquals("sided:1: specified-side merge file contains specified-side filter: H a", e.getMessage());
    }

    @Test
    void anUnreadableMergeFileSaysWhichKind() {
        IOException e = assertThrows(IOException.class, () -> filters(new TestSources(), ".+ nosuch"));
        assertTrue(e.getMessage().contains("include file nosuch"), e.getMessage());
    }
}
