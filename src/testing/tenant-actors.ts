import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";

/**
 * One client of a multi-home server: a token, the home it works in, and the server it talks to,
 * over HTTP (fetch) and MCP (the SDK's client). When the token reaches several homes, every request
 * names this one in the Mnemo-Home header; nothing else in a request says which home it is.
 */
export interface Actor {
  token: string;
  home: string;
  marker: string;
  /** The token's homes. */
  homes: string[];
  url: string;
}

export interface Answer {
  status: number;
  text: string;
}

export function actorHeaders(
  actor: Actor,
  home = actor.homes.length > 1 ? actor.home : undefined,
): Record<string, string> {
  return { authorization: `Bearer ${actor.token}`, ...(home === undefined ? {} : { "mnemo-home": home }) };
}

export async function callApi(
  actor: Actor,
  method: string,
  path: string,
  options: { body?: unknown; home?: string } = {},
): Promise<Answer> {
  const headers = actorHeaders(actor, options.home);
  const response = await fetch(`${actor.url}${path}`, {
    method,
    headers: options.body === undefined ? headers : { ...headers, "content-type": "application/json" },
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
  });
  return { status: response.status, text: await response.text() };
}

/** MCP clients by actor, connected on first use and closed together. */
export class McpClients {
  private readonly clients = new Map<Actor, Promise<Client>>();

  of(actor: Actor): Promise<Client> {
    let client = this.clients.get(actor);
    if (!client) {
      const transport = new StreamableHTTPClientTransport(new URL(`${actor.url}/mcp`), {
        requestInit: { headers: actorHeaders(actor) },
      });
      const connecting = new Client({ name: "mnemo-tenant-test", version: "1.0.0" });
      client = connecting.connect(transport).then(() => connecting);
      this.clients.set(actor, client);
    }
    return client;
  }

  async callTool(
    actor: Actor,
    name: string,
    args: Record<string, unknown>,
  ): Promise<{ isError: boolean; text: string }> {
    const result = await (await this.of(actor)).callTool({ name, arguments: args });
    return { isError: result.isError === true, text: JSON.stringify(result) };
  }

  async close(): Promise<void> {
    const clients = await Promise.all(this.clients.values());
    await Promise.all(clients.map((client) => client.close()));
  }
}
