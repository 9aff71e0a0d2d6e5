/**
 * Resource change notifications for a server on a stateful transport (stdio): subscriptions
 * (`resources/subscribe`, `resources/unsubscribe`, then `notifications/resources/updated`) and
 * `notifications/resources/list_changed`, for changes made by anyone, seen by polling the home and,
 * on a stack, each other layer's home (its resources under `mnemo://<scope>/`).
 */
import type { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import {
  SubscribeRequestParamsSchema,
  UnsubscribeRequestParamsSchema,
} from "@modelcontextprotocol/sdk/types.js";
import type { MemoryHome } from "../../index.js";
import type { Scope } from "../../scopes.js";
import { checkedRequest } from "./request-params.js";
import { StackChanges } from "./stack-changes.js";
import { toMcpError } from "./to-mcp-error.js";

export interface ResourceNotificationOptions {
  /** How often the home is looked at; default 1000 ms. */
  intervalMs?: number;
}

/** Wires the notifications into `server` (before it connects); returns a way to look at once, after a write. */
export function notifyResourceChanges(
  server: McpServer,
  memory: MemoryHome,
  /** A stack's other layers, whose files are served under `mnemo://<scope>/` (register-memory-resources.ts). */
  layers: ReadonlyArray<{ scope: Scope; memory: MemoryHome }>,
  options: ResourceNotificationOptions = {},
): { checkNow(): void } {
  const send = (notification: Promise<void>) => notification.catch(() => undefined); // a closed transport
  const changes = new StackChanges(memory, layers, {
    onListChanged: () => {
      if (server.isConnected()) void send(server.server.sendResourceListChanged());
    },
    onUpdated: (uri) => {
      if (server.isConnected()) void send(server.server.sendResourceUpdated({ uri }));
    },
    onError: (error) => server.server.onerror?.(error instanceof Error ? error : new Error(String(error))),
  });
  server.server.registerCapabilities({ resources: { subscribe: true, listChanged: true } });
  server.server.setRequestHandler(
    checkedRequest("resources/subscribe", SubscribeRequestParamsSchema),
    async (request) => {
      try {
        await changes.subscribe(request.params.uri);
        return {};
      } catch (error) {
        throw toMcpError(error);
      }
    },
  );
  server.server.setRequestHandler(
    checkedRequest("resources/unsubscribe", UnsubscribeRequestParamsSchema),
    (request) => {
      changes.unsubscribe(request.params.uri);
      return {};
    },
  );
  let timer: NodeJS.Timeout | undefined;
  server.server.oninitialized = () => {
    void changes.check();
    timer = setInterval(() => {
      if (server.isConnected()) void changes.check();
      else clearInterval(timer);
    }, options.intervalMs ?? 1000);
    timer.unref(); // never what keeps the process alive
  };
  return {
    checkNow: () => {
      if (timer !== undefined && server.isConnected()) void changes.check();
    },
  };
}
