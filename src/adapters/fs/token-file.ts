/**
 * The token registry's file, `<root>/.mnemo/tokens.json`: one record per token with its hash, never
 * the token. Read strictly: a hand edit that breaks it is refused with the file and the fix named,
 * since guessing could grant a home to the wrong token.
 *
 * { "version": 1, "tokens": [{ "id": "tok_…", "hash": "sha256:…", "homes": ["acme/user-42"],
 *   "admin": false, "label": "support bot", "created": "2026-05-01T10:00:00.000Z",
 *   "rights": { "write": false, "agents": ["reviewer"], "read": "own" } }] }
 *
 * `rights` is optional: a record without it (every file written before rights existed) has full rights.
 */
import { z } from "zod";
import type { TokenGrant } from "../../contracts/token-registry.js";
import { MnemoError } from "../../errors.js";
import { homeIdProblem } from "../../rules/home-id.js";
import { checkTokenRights } from "../../rules/token-secrets.js";

export interface StoredToken {
  hash: string;
  grant: TokenGrant;
}

const recordSchema = z
  .object({
    id: z.string().regex(/^tok_[0-9a-f]{16}$/, 'an id is "tok_" and 16 hex digits'),
    hash: z.string().regex(/^sha256:[0-9a-f]{64}$/, 'a hash is "sha256:" and 64 hex digits'),
    homes: z.array(
      z.string().refine((home) => homeIdProblem(home) === undefined, "every home must be a valid home id"),
    ),
    admin: z.boolean(),
    label: z.string().optional(),
    created: z.iso.datetime(),
    rights: z
      .unknown()
      .optional()
      .superRefine((rights, context) => {
        try {
          checkTokenRights(rights);
        } catch (error) {
          context.addIssue({ code: "custom", message: (error as Error).message });
        }
      }),
  })
  .strict();

const fileSchema = z.object({ version: z.literal(1), tokens: z.array(recordSchema) }).strict();

export function parseTokenFile(text: string, path: string): StoredToken[] {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    throw malformed(path, `it is not JSON (${(error as Error).message})`);
  }
  const parsed = fileSchema.safeParse(value);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw malformed(path, `${issue?.path.join(".") || "the top level"}: ${issue?.message ?? "invalid"}`);
  }
  return parsed.data.tokens.map(({ hash, created, label, rights, ...grant }) => {
    const checked = checkTokenRights(rights);
    return {
      hash,
      grant: {
        ...grant,
        ...(label === undefined ? {} : { label }),
        createdAt: new Date(created),
        ...(checked === undefined ? {} : { rights: checked }),
      },
    };
  });
}

export function serializeTokenFile(tokens: readonly StoredToken[]): string {
  const records = tokens.map(({ hash, grant }) => ({
    id: grant.id,
    hash,
    homes: grant.homes,
    admin: grant.admin,
    ...(grant.label === undefined ? {} : { label: grant.label }),
    created: grant.createdAt.toISOString(),
    ...(grant.rights === undefined ? {} : { rights: grant.rights }),
  }));
  return `${JSON.stringify({ version: 1, tokens: records }, null, 2)}\n`;
}

function malformed(path: string, problem: string): MnemoError {
  return new MnemoError(
    "MALFORMED_FILE",
    `The token file ${path} cannot be read: ${problem}. Restore it from a backup, or fix that entry by hand; the server refuses every token until it parses.`,
  );
}
