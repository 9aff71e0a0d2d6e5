import type { IncomingMessage, ServerResponse } from "node:http";

/** Something that answers requests at one path, such as `createMcpHttpHandler` from `mnemo/mcp`. */
export interface MountedHandler {
  handle(req: IncomingMessage, res: ServerResponse, parsedBody?: unknown): Promise<void>;
}
