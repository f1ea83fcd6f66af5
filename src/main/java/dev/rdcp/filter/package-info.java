/**
 * rsync's filter rules ({@code --filter}, {@code --exclude}, {@code --include}, the rule files):
 * reading them as rsync's parser does ({@link dev.rdcp.filter.CommandLineRules} on the client,
 * merge files included, {@link dev.rdcp.filter.FilterRules} for what a peer sends), parsing them
 * once, and deciding, name by name and side by side, whether the transfer skips a path. Pure
 * Java with no I/O of its own: files are read through the caller's
 * {@link dev.rdcp.filter.CommandLineRules.Sources}.
 */
package dev.rdcp.filter;
