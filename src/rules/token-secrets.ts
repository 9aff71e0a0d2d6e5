/**
 * Token secrets and grants, apart from where they are stored. A token is 32 random bytes, so a
 * plain SHA-256 of it is enough to store (no salt or slow hash: there is no guessable password to
 * protect); a store looks a token up by that hash.
 */
import { createHash, randomBytes } from "node:crypto";
import type { TokenGrant, TokenRequest } from "../contracts/token-registry.js";
import { MnemoError } from "../errors.js";
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
export function checkTokenRequest(request: TokenRequest): Required<Omit<TokenRequest, "label">> & {
  label?: string;
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
  return label === undefined ? { homes, admin } : { homes, admin, label };
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
  return { ...grant, homes: [...grant.homes], createdAt: new Date(grant.createdAt) };
}
