/**
 * Token secrets and grants, apart from where they are stored. A token is 32 random bytes, so a
 * plain SHA-256 of it is enough to store (no salt or slow hash: there is no guessable password to
 * protect); a store looks a token up by that hash.
 */
import { createHash, randomBytes } from "node:crypto";
import type { TokenGrant, TokenRequest, TokenRights } from "../contracts/token-registry.js";
import { MnemoError } from "../errors.js";
import { isAuthorName, MAX_AUTHOR_NAME_LENGTH } from "./author-name.js";
import { parseHomeId } from "./home-id.js";

export const TOKEN_PREFIX = "mnemo_";
const TOKEN_PATTERN = /^mnemo_[A-Za-z0-9_-]{43}$/;
export const MAX_TOKEN_LABEL_LENGTH = 200;

/** A new secret: "mnemo_" and 43 base64url characters (256 bits). */
export function newToken(): string {
  return `${TOKEN_PREFIX}${randomBytes(32).toString("base64url")}`;
}

/** A new public id for a token ("tok_" and 16 hex digits). */
export function newTokenId(): string {
  return `tok_${randomBytes(8).toString("hex")}`;
}

/** What a store keeps instead of the token. */
export function hashToken(token: string): string {
  return `sha256:${createHash("sha256").update(token, "utf8").digest("hex")}`;
}

/** True for something shaped like a token mnemo issued; anything else is refused before any lookup. */
export function isWellFormedToken(value: string): boolean {
  return TOKEN_PATTERN.test(value);
}

/** A request checked and normalised: valid home ids without repeats, a printable label, a token that can do something. */
export function checkTokenRequest(request: TokenRequest): Required<Omit<TokenRequest, "label" | "rights">> & {
  label?: string;
  rights?: TokenRights;
} {
  if (!Array.isArray(request.homes))
    throw new MnemoError(
      "INVALID_INPUT",
      "homes must be a list of home ids (it may be empty for an admin token).",
    );
  const homes = [...new Set(request.homes.map((home, index) => parseHomeId(home, `homes[${index}]`)))];
  const admin = request.admin ?? false;
  if (typeof admin !== "boolean") throw new MnemoError("INVALID_INPUT", "admin must be true or false.");
  if (homes.length === 0 && !admin)
    throw new MnemoError(
      "INVALID_INPUT",
      "A token needs at least one home in homes, or admin: true; a token with neither could do nothing.",
    );
  const label = request.label === undefined ? undefined : checkLabel(request.label);
  const rights = checkTokenRights(request.rights);
  return {
    homes,
    admin,
    ...(label === undefined ? {} : { label }),
    ...(rights === undefined ? {} : { rights }),
  };
}

/**
 * A token's rights checked: `write` true or false, `read` "all" or "own" ("own" needs `agents`),
 * `agents` a non-empty list of agent names. Full rights (write, no agents, read all) are no rights at all.
 */
export function checkTokenRights(rights: unknown): TokenRights | undefined {
  if (rights === undefined || rights === null) return undefined;
  if (typeof rights !== "object" || Array.isArray(rights))
    throw new MnemoError(
      "INVALID_INPUT",
      'rights must be an object such as { "write": false, "read": "all" }.',
    );
  const { write, agents, read } = rights as Record<string, unknown>;
  if (typeof write !== "boolean")
    throw new MnemoError("INVALID_INPUT", "rights.write must be true or false.");
  if (read !== "all" && read !== "own")
    throw new MnemoError(
      "INVALID_INPUT",
      'rights.read must be "all" or "own" (own: list, search and get of the memories of its agents only).',
    );
  const names = agents === undefined ? undefined : checkAgents(agents);
  if (read === "own" && names === undefined)
    throw new MnemoError(
      "INVALID_INPUT",
      'rights.read "own" needs rights.agents: the agents whose memories it reads.',
    );
  if (write && names === undefined && read === "all") return undefined;
  return names === undefined ? { write, read } : { write, agents: names, read };
}

function checkAgents(agents: unknown): string[] {
  if (!Array.isArray(agents) || agents.length === 0 || !agents.every(isAuthorName))
    throw new MnemoError(
      "INVALID_INPUT",
      `rights.agents must be a non-empty list of agent names (1 to ${MAX_AUTHOR_NAME_LENGTH} letters, digits and . _ : @ / + - each), as sent in Mnemo-Agent.`,
    );
  return [...new Set(agents as string[])];
}

function checkLabel(label: unknown): string {
  if (typeof label !== "string" || label.length === 0 || label.length > MAX_TOKEN_LABEL_LENGTH)
    throw new MnemoError(
      "INVALID_INPUT",
      `label must be text of 1 to ${MAX_TOKEN_LABEL_LENGTH} characters, to tell people which token this is.`,
    );
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is refused.
  if (/[\u0000-\u001f\u007f]/.test(label))
    throw new MnemoError("INVALID_INPUT", "label must be one line without control characters.");
  return label;
}

/** A grant a caller may change without changing the registry's. */
export function copyGrant(grant: TokenGrant): TokenGrant {
  const copy: TokenGrant = { ...grant, homes: [...grant.homes], createdAt: new Date(grant.createdAt) };
  if (grant.rights)
    copy.rights = { ...grant.rights, ...(grant.rights.agents && { agents: [...grant.rights.agents] }) };
  return copy;
}
