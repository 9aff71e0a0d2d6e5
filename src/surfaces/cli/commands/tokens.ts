import { Argument, Option } from "commander";
import type { IssuedToken, TokenGrant, TokenRights } from "../../../contracts/token-registry.js";
import { type CommandGroup, defineCommand } from "../cli-command.js";
import { type HomesPlaceOptions, homesPlace, homesPlaceOptions, withHomes } from "./homes-root.js";

/** `mnemo tokens`: the bearer tokens of `mnemo serve --homes` (or `--store`) and the homes each reaches. */
type RootOption = HomesPlaceOptions;

const create = defineCommand({
  name: "create",
  description:
    "Issue a token for existing homes (and/or --admin, which may create homes and manage tokens). The token is printed once; only its hash is kept.",
  arguments: [new Argument("[home-ids...]", 'the homes it reaches, e.g. "acme/user-42"')],
  options: [
    ...homesPlaceOptions(),
    new Option("--admin", "may create homes and issue, list and revoke tokens"),
    new Option("--label <text>", 'a note for people ("support bot")'),
    new Option("--read-only", "may not change the home (every write is refused with 403)"),
    new Option("--agent <name...>", "may write only as these agents (Mnemo-Agent); repeatable"),
    new Option(
      "--read <own|all>",
      'what it reads: "all" (default) or "own" (list, search and get of the memories of its --agent only)',
    ),
  ],
  examples: [
    "mnemo tokens create --admin --homes /srv/mnemo",
    "mnemo tokens create --admin --store postgres://mnemo@db:5432/mnemo",
    'mnemo tokens create acme/user-42 --label "user 42\'s agent" --homes /srv/mnemo',
    "mnemo tokens create team --agent reviewer --read-only --read own --homes /srv/mnemo",
  ],
  input: (args, options: RootOption & CreateOptions) => ({
    place: homesPlace(options),
    request: {
      homes: (args[0] as unknown as string[] | undefined) ?? [],
      admin: options.admin === true,
      label: options.label,
      ...rightsOf(options),
    },
  }),
  withoutHome: (input) => () => withHomes(input.place, (homes) => homes.issueToken(input.request)),
  render: ({ token, grant }: IssuedToken) =>
    [token, ...grantLines(grant).map((line) => `  ${line}`)].join("\n"),
  toJson: ({ token, grant }) => ({ token, ...grantJson(grant) }),
  notes: (_data, _input, { json }) =>
    json ? [] : ["this token is shown once: store it now (send it as Authorization: Bearer <token>)"],
});

const list = defineCommand({
  name: "list",
  description: "List the tokens (their ids, homes and labels; never a secret).",
  options: homesPlaceOptions(),
  examples: ["mnemo tokens list --homes /srv/mnemo"],
  input: (_args, options: RootOption) => ({ place: homesPlace(options) }),
  withoutHome: (input) => () => withHomes(input.place, (homes) => homes.listTokens()),
  render: (grants: TokenGrant[]) => grants.map((grant) => grantLines(grant).join("  ")).join("\n"),
  toJson: (grants) => ({ tokens: grants.map(grantJson) }),
});

const revoke = defineCommand({
  name: "revoke",
  description: "Revoke a token by its id: every server refuses it from its next request.",
  arguments: [new Argument("<token-id>", 'the id mnemo tokens list shows ("tok_…")')],
  options: homesPlaceOptions(),
  examples: ["mnemo tokens revoke tok_3f9a2c1d0b8e7f64 --homes /srv/mnemo"],
  input: ([id = ""], options: RootOption) => ({ place: homesPlace(options), id }),
  withoutHome: (input) => () =>
    withHomes(input.place, async (homes) => {
      await homes.revokeToken(input.id);
      return { id: input.id, revoked: true };
    }),
  render: ({ id }: { id: string }) => `Revoked ${id}`,
});

interface CreateOptions {
  admin?: boolean;
  label?: string;
  readOnly?: boolean;
  agent?: string[];
  read?: string;
}

/** The rights asked for; none when no flag limits the token (the registry checks the values). */
function rightsOf(options: CreateOptions): { rights?: TokenRights } {
  if (options.readOnly === undefined && options.agent === undefined && options.read === undefined) return {};
  const read = (options.read ?? "all") as TokenRights["read"];
  return { rights: { write: options.readOnly !== true, agents: options.agent, read } };
}

function rightsText(rights: TokenRights): string {
  const agents = rights.agents ? ` as ${rights.agents.join(", ")}` : "";
  return `rights: ${rights.write ? "write" : "read-only"}${agents}, read ${rights.read}`;
}

function grantLines(grant: TokenGrant): string[] {
  return [
    grant.id,
    `homes: ${grant.homes.join(", ") || "(none)"}`,
    ...(grant.admin ? ["admin"] : []),
    ...(grant.label ? [`label: ${grant.label}`] : []),
    ...(grant.rights ? [rightsText(grant.rights)] : []),
  ];
}

function grantJson(grant: TokenGrant) {
  return { ...grant, createdAt: grant.createdAt.toISOString() };
}

export const tokens: CommandGroup = {
  name: "tokens",
  summary: "Issue, list and revoke the tokens of mnemo serve --homes (or --store)",
  description:
    "Bearer tokens of a server of many homes: each reaches the homes it names; an admin token also manages homes and tokens.",
  commands: [create, list, revoke],
};
