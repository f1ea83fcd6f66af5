package dev.rdcp.session;

import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.function.Predicate;
import org.apache.logging.log4j.Level;
import org.apache.logging.log4j.LogManager;
import org.apache.logging.log4j.core.LogEvent;
import org.apache.logging.log4j.core.LoggerContext;
import org.apache.logging.log4j.core.appender.AbstractAppender;
import org.apache.logging.log4j.core.config.Property;

/** The messages one logger writes while this is open (Log4j core, as the daemon runs). */
final class CapturedLog implements AutoCloseable {

    private final List<String> messages = new CopyOnWriteArrayList<>();
    private final org.apache.logging.log4j.core.Logger logger;
    private final AbstractAppender appender;

    CapturedLog(Class<?> source) {
        LoggerContext context = (LoggerContext) LogManager.getContext(false);
        logger = context.getLogger(source.getName());
        appender = new AbstractAppender("captured-" + source.getSimpleName(), null, null, true, Property.EMPTY_ARRAY) {
            @Override
            public void append(LogEvent event) {
                if (event.getLevel().isMoreSpecificThan(Level.WARN)) {
                    messages.add(event.getMessage().getFormattedMessage());
                }
            }
        };
        appender.start();
        logger.addAppender(appender);
    }

    /** Warnings and errors so far. */
    List<String> warnings() {
        return List.copyOf(messages);
    }

    /**
     * The first warning {@code wanted} accepts, waiting for it a while: the daemon logs a failed
     * session after it has told the client.
     */
    String awaitWarning(Predicate<String> wanted) throws InterruptedException {
        for (int i = 0; i < 1_000; i++) {
            for (String message : messages) {
                if (wanted.test(message)) {
                    return message;
                }
            }
            Thread.sleep(10);
        }
        throw new AssertionError("no such warning among " + messages);
    }

    @Override
    public void close() {
        logger.removeAppender(appender);
        appender.stop();
    }
}
