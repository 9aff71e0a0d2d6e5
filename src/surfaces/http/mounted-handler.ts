import type { IncomingMessage, ServerResponse } from "node:http";
import type { MemoryHome } from "../../engine/memory-home.js";

/** Something that answers requests at one path, such as `createMcpHttpHandler` from `mnemo/mcp`. */
export interface MountedHandler {
  /** `limits`: what the request may do, as its token's rights fix it. */
  handle(
    req: IncomingMessage,
    res: ServerResponse,
    parsedBody?: unknown,
    limits?: RequestLimits,
  ): Promise<void>;
}

/** A request's writer (the home as it writes: its agent) and whether it may write at all. */
export interface RequestLimits {
  memory: MemoryHome;
  readOnly: boolean;
}
