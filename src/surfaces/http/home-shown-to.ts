/**
 * Where a home is, as a caller may see it. A home's location names the server's insides: a
 * database's host, port, role and name, or a folder of the server. The caller of a server of one
 * home and an admin token of a server of many homes (the operator) see it, in GET /v1/status and in
 * error messages; a tenant's token sees only which kind of storage keeps its memory, and its files
 * by their path in the home.
 */
import { isAbsolute } from "node:path";
import type { TokenGrant } from "../../contracts/token-registry.js";

export const TENANT_DATABASE_LABEL = "PostgreSQL";
export const TENANT_FOLDER_LABEL = "a folder on the server";

/** Where the request's home is, and where the server's homes are (many homes). */
export interface HomePlaces {
  home: string | undefined;
  homes: string | undefined;
}

export function homeShownTo(grant: TokenGrant | undefined, location: string): string {
  return isOperator(grant) ? location : storageKind(location);
}

/**
 * An error message as the caller may read it: for a tenant, "<home>/memories/x.md" becomes
 * "memories/x.md", and the home's or the server's location the kind of storage.
 */
export function messageShownTo(grant: TokenGrant | undefined, message: string, places: HomePlaces): string {
  if (isOperator(grant)) return message;
  let shown = message;
  if (places.home)
    shown = replaceAll(replaceAll(shown, `${places.home}/`, ""), places.home, storageKind(places.home));
  if (places.homes) shown = replaceAll(shown, places.homes, storageKind(places.homes));
  return shown;
}

/** A server of one home has no grants: its caller holds the server's own token, or is on loopback. */
function isOperator(grant: TokenGrant | undefined): boolean {
  return grant === undefined || grant.admin;
}

/** A file home's location is its absolute folder; a database home's is `<database URL>#<home id>`. */
function storageKind(location: string): string {
  return isAbsolute(location) ? TENANT_FOLDER_LABEL : TENANT_DATABASE_LABEL;
}

function replaceAll(text: string, find: string, replacement: string): string {
  return text.split(find).join(replacement);
}
