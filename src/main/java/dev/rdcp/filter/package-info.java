/**
 * rsync's include/exclude rules ({@code --include}, {@code --exclude}, {@code --exclude-from}):
 * parsing them once and deciding, entry by entry, whether the transfer skips a path. Pure Java;
 * the only I/O is reading an exclude-from file.
 */
package dev.rdcp.filter;
