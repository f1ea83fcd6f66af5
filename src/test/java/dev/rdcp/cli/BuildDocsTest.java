package dev.rdcp.cli;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class BuildDocsTest {

    @Test
    void pagesAndCompletionComeFromTheCommandModel(@TempDir Path tmp) throws Exception {
        BuildDocs.write(tmp);
        String page = Files.readString(tmp.resolve("rdcp.adoc"));
        assertTrue(page.contains("= rdcp(1)"), page);
        assertTrue(page.contains("--human-readable"), page);
        assertTrue(page.contains("Exit codes:"), page);
        assertTrue(page.contains("RDMA unavailable"), "the exit codes Main adds are in the page");
        assertTrue(Files.readString(tmp.resolve("rdcp-doctor.adoc")).contains("= rdcp-doctor(1)"));
        assertTrue(Files.exists(tmp.resolve("rdcp-serve.adoc")));
        String completion = Files.readString(tmp.resolve("rdcp.bash"));
        assertTrue(completion.contains("complete -F"), "a bash completion script");
        assertTrue(completion.contains("doctor") && completion.contains("--human-readable"), "knows rdcp's words");
    }
}
