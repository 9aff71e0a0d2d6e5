import { z } from "zod";
import type { Scope } from "../../engine/scopes/scope-names.js";
import type { MemoryTool } from "./memory-tool.js";

/**
 * A memory tool's schemas on a stack of homes (docs/scopes.md): the same arguments plus an optional
 * `scope`, and the same result plus the `scope` of the layer it came from (at the top, or on each
 * item of a list). Output schemas forbid unknown properties, so the label is declared, not slipped in.
 */
export function scopeArgument(scopes: readonly Scope[], what: string) {
  return z
    .enum(scopes as [Scope, ...Scope[]])
    .optional()
    .describe(`The layer: ${scopes.join(" or ")}. ${what}`);
}

export function withScopeArgument(
  tool: MemoryTool,
  scope: ReturnType<typeof scopeArgument>,
): Pick<MemoryTool, "input" | "inputSchema"> {
  const input = tool.input.extend({ scope });
  const generated = z.toJSONSchema(input, { io: "input" }) as Record<string, unknown>;
  const { $schema: _schema, ...inputSchema } = generated;
  return { input, inputSchema };
}

/** The output schema with a required `scope` property, on the result or on each item of `list`. */
export function withScopeLabel(
  outputSchema: Record<string, unknown>,
  scopes: readonly Scope[],
  list?: string,
): Record<string, unknown> {
  if (list === undefined) return labelled(outputSchema, scopes);
  const properties = outputSchema.properties as Record<string, { items: Record<string, unknown> }>;
  const array = properties[list] as { items: Record<string, unknown> };
  return {
    ...outputSchema,
    properties: { ...properties, [list]: { ...array, items: labelled(array.items, scopes) } },
  };
}

function labelled(schema: Record<string, unknown>, scopes: readonly Scope[]): Record<string, unknown> {
  const scope = { type: "string", enum: [...scopes], description: "The layer of the stack it is in." };
  return {
    ...schema,
    properties: { ...(schema.properties as object), scope },
    required: [...((schema.required as string[] | undefined) ?? []), "scope"],
  };
}
