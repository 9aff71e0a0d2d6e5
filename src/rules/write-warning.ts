/**
 * The default warning writer: what mnemo says when something was skipped or degraded but the call
 * went on (a vector store that could not be read, a session log that could not be saved), written
 * to stderr so it never mixes with a command's output. Every `onWarning` option falls back to it.
 */
export function writeWarning(message: string): void {
  process.stderr.write(`mnemo: warning: ${message}\n`);
}
