/**
 * Where a home is, as the caller of GET /v1/status may see it. A home's location names the
 * server's insides: a database's host, port, role and name, or a folder of the server. The caller
 * of a server of one home and an admin token of a server of many homes (the operator) see it; a
 * tenant's token sees only which kind of storage keeps its memory.
 */
import { isAbsolute } from "node:path";
import type { TokenGrant } from "../../contracts/token-registry.js";

export const TENANT_DATABASE_LABEL = "PostgreSQL";
export const TENANT_FOLDER_LABEL = "a folder on the server";

export function homeShownTo(grant: TokenGrant | undefined, location: string): string {
  if (grant === undefined || grant.admin) return location;
  // A file home's location is its absolute folder; a database home's is `<database URL>#<home id>`.
  return isAbsolute(location) ? TENANT_FOLDER_LABEL : TENANT_DATABASE_LABEL;
}
