import { Argument } from "commander";
import { parseHomeId } from "../../../rules/home-id.js";
import { type CommandGroup, defineCommand } from "../cli-command.js";
import { type HomesPlaceOptions, homesPlace, homesPlaceOptions, withHomes } from "./homes-root.js";

/** `mnemo homes`: the memory homes under a root folder or in a database, served by `mnemo serve --homes` / `--store`. */
const create = defineCommand({
  name: "create",
  description:
    "Create a memory home under the root (a folder <root>/<home id>/) or in the database; nothing changes if it exists.",
  arguments: [new Argument("<home-id>", 'the home\'s id, e.g. "acme/user-42"')],
  options: homesPlaceOptions(),
  examples: [
    "mnemo homes create acme/user-42 --homes /srv/mnemo",
    "mnemo homes create acme/user-42 --store postgres://mnemo@db:5432/mnemo",
  ],
  input: ([homeId], options: HomesPlaceOptions) => ({
    place: homesPlace(options),
    homeId: parseHomeId(homeId, "<home-id>"),
  }),
  withoutHome: (input) => () => withHomes(input.place, (homes) => homes.createHome(input.homeId)),
  render: ({ homeId, created }: { homeId: string; created: boolean }) =>
    created ? `Created the memory home ${homeId}` : `The memory home ${homeId} exists already`,
});

const list = defineCommand({
  name: "list",
  description: "List the memory homes under the root or in the database.",
  options: homesPlaceOptions(),
  examples: ["mnemo homes list --homes /srv/mnemo --json"],
  input: (_args, options: HomesPlaceOptions) => ({ place: homesPlace(options) }),
  withoutHome: (input) => () => withHomes(input.place, async (homes) => ({ homes: await homes.listHomes() })),
  render: ({ homes }: { homes: string[] }) => homes.join("\n"),
  notes: ({ homes }, _input, { json }) =>
    !json && homes.length === 0
      ? ["no memory home yet: mnemo homes create ID (with --homes ROOT or --store URL)"]
      : [],
});

export const homes: CommandGroup = {
  name: "homes",
  summary: "Create and list the memory homes that mnemo serve --homes (or --store) serves",
  description:
    "The memory homes under one root folder, each a folder <root>/<home id>/ (an ordinary memory home), or in one PostgreSQL database (--store), each a home id of its tables.",
  commands: [create, list],
};
