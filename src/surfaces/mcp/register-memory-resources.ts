import {
  type McpServer,
  type RegisteredResourceTemplate,
  ResourceTemplate,
} from "@modelcontextprotocol/sdk/server/mcp.js";
import { ReadResourceRequestParamsSchema, type ReadResourceResult } from "@modelcontextprotocol/sdk/types.js";
import { type MemoryHome, MnemoError } from "../../index.js";
import type { Scope } from "../../scopes.js";
import { layerResourceKinds, MARKDOWN, memoryResourceKinds, type ResourceKind } from "./memory-resources.js";
import { checkedRequest } from "./request-params.js";
import { refuseDotSegments } from "./resource-uris.js";
import { toMcpError } from "./to-mcp-error.js";

/**
 * The memory home's files as MCP resources, one ResourceTemplate per kind, listed by its callback.
 * Reads go through the SDK's templates too, behind one check the SDK cannot make: it parses the URI
 * first, which resolves "../" away, so a traversal would arrive as some other, harmless-looking URI.
 */
export function registerMemoryResources(
  server: McpServer,
  memory: MemoryHome,
  /** A stack's other layers: their files under `mnemo://<scope>/` (memory-resources.ts). */
  layers: ReadonlyArray<{ scope: Scope; memory: MemoryHome }> = [],
): void {
  const kinds = [
    ...memoryResourceKinds(memory).map((kind) => ({ kind, memory })),
    ...layers.flatMap((layer) =>
      layerResourceKinds(layer.scope, layer.memory).map((kind) => ({ kind, memory: layer.memory })),
    ),
  ];
  const templates = kinds.map(({ kind }) => kind.template).join(", ");
  const registered = kinds.map((each) => register(server, each.memory, each.kind));
  const readResource = checkedRequest("resources/read", ReadResourceRequestParamsSchema);
  server.server.setRequestHandler(readResource, async (request, extra) => {
    try {
      const url = parseUri(request.params.uri);
      for (const each of registered) {
        const variables = each.resourceTemplate.uriTemplate.match(url.toString());
        if (variables) return await each.readCallback(url, variables, extra);
      }
      throw new MnemoError(
        "NOT_FOUND",
        `There is no resource ${request.params.uri}; mnemo's resources are ${templates}.`,
      );
    } catch (error) {
      throw toMcpError(error);
    }
  });
}

function register(server: McpServer, memory: MemoryHome, kind: ResourceKind): RegisteredResourceTemplate {
  const template = new ResourceTemplate(kind.template, {
    list: async () => {
      try {
        return { resources: memory.enabled ? await kind.list() : [] };
      } catch (error) {
        throw toMcpError(error);
      }
    },
    complete: kind.complete,
  });
  const metadata = { description: kind.description, mimeType: MARKDOWN };
  return server.registerResource(kind.name, template, metadata, async (url, variables) => {
    const uri = url.toString();
    if (!memory.enabled)
      throw new MnemoError(
        "DISABLED",
        "Memory is disabled (enabled: false or MNEMO_ENABLED=0); nothing is read.",
      );
    const result: ReadResourceResult = {
      contents: [{ uri, mimeType: MARKDOWN, text: await kind.read(uri, variables) }],
    };
    return result;
  });
}

function parseUri(uri: string): URL {
  refuseDotSegments(uri);
  if (!URL.canParse(uri)) throw new MnemoError("INVALID_INPUT", `"${uri}" is not a URI.`);
  return new URL(uri);
}
