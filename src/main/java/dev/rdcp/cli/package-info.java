/** The command line: one class per subcommand, one exit-code table, one error reporter. */
package dev.rdcp.cli;
