import { Argument, Option } from "commander";
import type { IssuedToken, TokenGrant } from "../../../contracts/token-registry.js";
import { type CommandGroup, defineCommand } from "../cli-command.js";
import { homesRootOption, withHomes } from "./homes-root.js";

/** `mnemo tokens`: the bearer tokens of `mnemo serve --homes` and the homes each reaches. */
interface RootOption {
  homes: string;
}

const create = defineCommand({
  name: "create",
  description:
    "Issue a token for existing homes (and/or --admin, which may create homes and manage tokens). The token is printed once; only its hash is kept.",
  arguments: [new Argument("[home-ids...]", 'the homes it reaches, e.g. "acme/user-42"')],
  options: [
    homesRootOption(),
    new Option("--admin", "may create homes and issue, list and revoke tokens"),
    new Option("--label <text>", 'a note for people ("support bot")'),
  ],
  examples: [
    "mnemo tokens create --admin --homes /srv/mnemo",
    'mnemo tokens create acme/user-42 --label "user 42\'s agent" --homes /srv/mnemo',
  ],
  input: (args, options: RootOption & { admin?: boolean; label?: string }) => ({
    root: options.homes,
    request: {
      homes: (args[0] as unknown as string[] | undefined) ?? [],
      admin: options.admin === true,
      label: options.label,
    },
  }),
  withoutHome: (input) => () => withHomes(input.root, (homes) => homes.issueToken(input.request)),
  render: ({ token, grant }: IssuedToken) =>
    [token, ...grantLines(grant).map((line) => `  ${line}`)].join("\n"),
  toJson: ({ token, grant }) => ({ token, ...grantJson(grant) }),
  notes: (_data, _input, { json }) =>
    json ? [] : ["this token is shown once: store it now (send it as Authorization: Bearer <token>)"],
});

const list = defineCommand({
  name: "list",
  description: "List the tokens (their ids, homes and labels; never a secret).",
  options: [homesRootOption()],
  examples: ["mnemo tokens list --homes /srv/mnemo"],
  input: (_args, options: RootOption) => ({ root: options.homes }),
  withoutHome: (input) => () => withHomes(input.root, (homes) => homes.listTokens()),
  render: (grants: TokenGrant[]) => grants.map((grant) => grantLines(grant).join("  ")).join("\n"),
  toJson: (grants) => ({ tokens: grants.map(grantJson) }),
});

const revoke = defineCommand({
  name: "revoke",
  description: "Revoke a token by its id: every server refuses it from its next request.",
  arguments: [new Argument("<token-id>", 'the id mnemo tokens list shows ("tok_…")')],
  options: [homesRootOption()],
  examples: ["mnemo tokens revoke tok_3f9a2c1d0b8e7f64 --homes /srv/mnemo"],
  input: ([id = ""], options: RootOption) => ({ root: options.homes, id }),
  withoutHome: (input) => () =>
    withHomes(input.root, async (homes) => {
      await homes.revokeToken(input.id);
      return { id: input.id, revoked: true };
    }),
  render: ({ id }: { id: string }) => `Revoked ${id}`,
});

function grantLines(grant: TokenGrant): string[] {
  return [
    grant.id,
    `homes: ${grant.homes.join(", ") || "(none)"}`,
    ...(grant.admin ? ["admin"] : []),
    ...(grant.label ? [`label: ${grant.label}`] : []),
  ];
}

function grantJson(grant: TokenGrant) {
  return { ...grant, createdAt: grant.createdAt.toISOString() };
}

export const tokens: CommandGroup = {
  name: "tokens",
  summary: "Issue, list and revoke the tokens of mnemo serve --homes",
  description:
    "Bearer tokens of a server of many homes: each reaches the homes it names; an admin token also manages homes and tokens.",
  commands: [create, list, revoke],
};
