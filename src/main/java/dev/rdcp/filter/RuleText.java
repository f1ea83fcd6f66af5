package dev.rdcp.filter;

import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.util.List;

/**
 * The rules a text or a rule file holds, read as rsync's parse_filter_str and parse_filter_file
 * read them: a file line by line ({@link ListLines}), blank lines and ';' or '#' comments
 * skipped, or with a word-splitting template ('w', 'C') word by word, comments then being words.
 */
final class RuleText {

    /** Takes each rule read. */
    @FunctionalInterface
    interface Sink<E extends Exception> {
        void accept(RuleSyntax.Parsed rule) throws E;
    }

    /** A file's line that is not a rule, or not UTF-8 text: its number, the reason as the cause. */
    static final class MalformedLine extends IllegalArgumentException {
        private static final long serialVersionUID = 1L;

        private final int line;

        MalformedLine(int line, String reason, Throwable cause) {
            super(reason, cause);
            this.line = line;
        }

        int line() {
            return line;
        }
    }

    private RuleText() {
    }

    /** Every rule {@code text} holds (one, unless {@code template} splits words). */
    static <E extends Exception> void each(String text, RuleSyntax.Template template, Sink<E> sink) throws E {
        int position = 0;
        RuleSyntax.Next next;
        while ((next = RuleSyntax.parse(text, position, template)) != null) {
            position = next.end();
            sink.accept(next.rule());
        }
    }

    /**
     * Every rule of a file's {@code content}. A line that is not a rule, or that {@code sink}
     * refuses, throws {@link MalformedLine}.
     */
    static <E extends Exception> void each(byte[] content, RuleSyntax.Template template, boolean from0, Sink<E> sink)
            throws E {
        List<byte[]> lines = ListLines.split(content, from0);
        for (int index = 0; index < lines.size(); index++) {
            String line;
            try {
                line = StandardCharsets.UTF_8.newDecoder().onMalformedInput(CodingErrorAction.REPORT)
                        .onUnmappableCharacter(CodingErrorAction.REPORT).decode(ByteBuffer.wrap(lines.get(index)))
                        .toString();
            } catch (CharacterCodingException e) {
                throw new MalformedLine(index + 1, "not UTF-8 text", e);
            }
            if (line.isEmpty() || (!template.wordSplit() && (line.startsWith(";") || line.startsWith("#")))) {
                continue;
            }
            try {
                each(line, template, sink);
            } catch (MalformedLine e) {
                throw e;
            } catch (IllegalArgumentException e) {
                throw new MalformedLine(index + 1, e.getMessage(), e);
            }
        }
    }
}
