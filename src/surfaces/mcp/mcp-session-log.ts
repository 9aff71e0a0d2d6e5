/**
 * An MCP client on stdio is one session: its log (.sessions/, as an AgentSession's) records the
 * session context it asked for and every memory tool call that wrote. The log starts at the first
 * of these, so a client that only connects leaves none. Over Streamable HTTP nothing is recorded:
 * that endpoint keeps no sessions.
 */
import { randomBytes } from "node:crypto";
import type { MemoryHome } from "../../index.js";
import { SessionRecorder } from "../../session/agent/session-recorder.js";

export class McpSessionLog {
  private recorder: SessionRecorder | undefined;
  private client: () => { name: string; version: string } | undefined = () => undefined;
  private readonly memory: MemoryHome;

  constructor(memory: MemoryHome) {
    this.memory = memory;
  }

  /** Where the client's name and version (from its initialize request) are read when the log starts. */
  identify(client: () => { name: string; version: string } | undefined): void {
    this.client = client;
  }

  frozen(text: string): void {
    this.session().frozen(text);
  }

  wrote(tool: string, args: unknown, result: string): void {
    this.session().wrote(tool, JSON.stringify(args ?? {}), result);
  }

  /** Marks the session ended and waits for the log to be written. */
  async end(): Promise<void> {
    if (!this.recorder) return;
    this.recorder.ended();
    await this.recorder.flush();
  }

  private session(): SessionRecorder {
    this.recorder ??= new SessionRecorder({
      memory: this.memory,
      sessionId: `mcp-${new Date().toISOString().slice(0, 19).replace(/[-:]/g, "").replace("T", "-")}-${randomBytes(3).toString("hex")}`,
      source: "mcp",
      client: clientLabel(this.client()),
    });
    return this.recorder;
  }
}

function clientLabel(client: { name: string; version: string } | undefined): string | undefined {
  return client === undefined ? undefined : `${client.name} ${client.version}`;
}
