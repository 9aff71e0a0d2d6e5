import type { MemoryType } from "../memdir/memory-types.js";

/**
 * The layers of a stack of homes (docs/scopes.md), nearest first: the project's `.mnemo/` found
 * from the working folder, the user's own home, and a team home shared by many users.
 */
export const SCOPES = ["project", "user", "team"] as const;
export type Scope = (typeof SCOPES)[number];

/** Where a typed memory goes when the call names no scope: about the person, or about the work. */
const SCOPE_OF_TYPE: Record<MemoryType, Scope> = {
  user: "user",
  feedback: "user",
  project: "project",
  reference: "project",
};

/**
 * The layer a write lands in: the one the call names, else the one of the memory's type (no type:
 * the user layer); a project memory goes to the user layer when there is no project layer.
 */
export function routeWrite(options: {
  type?: MemoryType;
  scope?: Scope;
  available: readonly Scope[];
}): Scope | undefined {
  if (options.scope !== undefined)
    return options.available.includes(options.scope) ? options.scope : undefined;
  const wanted = options.type === undefined ? "user" : SCOPE_OF_TYPE[options.type];
  if (options.available.includes(wanted)) return wanted;
  return options.available.includes("user") ? "user" : options.available[0];
}
