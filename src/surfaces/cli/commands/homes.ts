import { Argument } from "commander";
import { parseHomeId } from "../../../engine/tenancy/home-id.js";
import { type CommandGroup, defineCommand } from "../cli-command.js";
import { homesRootOption, withHomes } from "./homes-root.js";

/** `mnemo homes`: the memory homes under a root folder, served by `mnemo serve --homes`. */
const create = defineCommand({
  name: "create",
  description:
    "Create a memory home under the root (a folder <root>/<home id>/); nothing changes if it exists.",
  arguments: [new Argument("<home-id>", 'the home\'s id, e.g. "acme/user-42"')],
  options: [homesRootOption()],
  examples: ["mnemo homes create acme/user-42 --homes /srv/mnemo"],
  input: ([homeId], options: { homes: string }) => ({
    root: options.homes,
    homeId: parseHomeId(homeId, "<home-id>"),
  }),
  withoutHome: (input) => () => withHomes(input.root, (homes) => homes.createHome(input.homeId)),
  render: ({ homeId, created }: { homeId: string; created: boolean }) =>
    created ? `Created the memory home ${homeId}` : `The memory home ${homeId} exists already`,
});

const list = defineCommand({
  name: "list",
  description: "List the memory homes under the root.",
  options: [homesRootOption()],
  examples: ["mnemo homes list --homes /srv/mnemo --json"],
  input: (_args, options: { homes: string }) => ({ root: options.homes }),
  withoutHome: (input) => () => withHomes(input.root, async (homes) => ({ homes: await homes.listHomes() })),
  render: ({ homes }: { homes: string[] }) => homes.join("\n"),
  notes: ({ homes }, _input, { json }) =>
    !json && homes.length === 0 ? ["no memory home yet: mnemo homes create ID --homes ROOT"] : [],
});

export const homes: CommandGroup = {
  name: "homes",
  summary: "Create and list the memory homes that mnemo serve --homes serves",
  description:
    "The memory homes under one root folder, each a folder <root>/<home id>/ (an ordinary memory home).",
  commands: [create, list],
};
