import { Option } from "commander";
import { MEMORY_TYPES, type MemoryType } from "../../../engine/memdir/memory-types.js";
import type { MemoryManifest } from "../../../index.js";
import type { ScopedManifest } from "../../../scopes.js";
import { type CommonOptions, defineCommand } from "../cli-command.js";
import { memoryAgeText } from "../memory-age.js";
import { parseMemoryType } from "../parse-choice.js";
import { wholeNumber } from "./serve.js";

/** A page when neither --limit nor --all is given. */
const DEFAULT_LIMIT = 200;

interface ListOptions extends CommonOptions {
  type?: string;
  offset?: string;
  limit?: string;
  all?: boolean;
  byAgent?: string;
  byRun?: string;
}

export const list = defineCommand({
  name: "list",
  summary: "List the typed memories",
  description:
    `List the typed memories, newest first: type, name, description and age; the newest ${DEFAULT_LIMIT} ` +
    "unless --offset, --limit or --all say otherwise. With --json, total counts them all.",
  options: [
    new Option("--type <type>", `only memories of this type: ${MEMORY_TYPES.join(", ")}`),
    new Option("--offset <n>", "skip this many of the newest (default 0)"),
    new Option("--limit <n>", `list at most this many (default ${DEFAULT_LIMIT})`),
    new Option("--all", "list every memory").conflicts("limit"),
    new Option("--by-agent <name>", "only memories this agent wrote last (frontmatter agent)"),
    new Option("--by-run <name>", "only memories written last in this run (frontmatter run)"),
  ],
  examples: [
    "mnemo list",
    "mnemo list --type feedback --json",
    "mnemo list --offset 200 --limit 100",
    "mnemo list --all --json",
    "mnemo list --by-agent claude-code",
  ],
  input: (
    _args,
    options: ListOptions,
  ): { type?: MemoryType; offset: number; limit: number; agent?: string; run?: string } => ({
    ...(options.byAgent === undefined ? {} : { agent: options.byAgent }),
    ...(options.byRun === undefined ? {} : { run: options.byRun }),
    type: options.type === undefined ? undefined : parseMemoryType(options.type),
    offset:
      options.offset === undefined ? 0 : wholeNumber(options.offset, "--offset", 0, Number.MAX_SAFE_INTEGER),
    limit: options.all
      ? Number.MAX_SAFE_INTEGER
      : options.limit === undefined
        ? DEFAULT_LIMIT
        : wholeNumber(options.limit, "--limit", 1, Number.MAX_SAFE_INTEGER),
  }),
  run: (input, { memory }) => memory.memories.list(input),
  scoped: {
    run: (input, { scopes }) => scopes.list(input),
    render: (manifest: ScopedManifest, { now }) =>
      manifest.memories
        .map((entry) => {
          const description = entry.description === "" ? "" : ` - ${entry.description}`;
          return `${entry.scope.padEnd(8)} ${entry.type.padEnd(9)} ${entry.name}${description} (${memoryAgeText(entry, now)})`;
        })
        .join("\n"),
  },
  render: (manifest: MemoryManifest, { now }) =>
    manifest.memories
      .map((entry) => {
        const description = entry.description === "" ? "" : ` - ${entry.description}`;
        return `${entry.type.padEnd(9)} ${entry.name}${description} (${memoryAgeText(entry, now)})`;
      })
      .join("\n"),
  notes: (manifest, input, { json }) => [
    ...(!json && manifest.total === 0
      ? ['no memories yet; save one with mnemo remember TEXT --type T --name "Name"']
      : []),
    ...(manifest.total > 0 && manifest.memories.length === 0 && manifest.problems.length === 0
      ? [`offset ${input.offset} is past the last of the ${manifest.total} memories`]
      : []),
    ...(manifest.problems.length > 0
      ? [`${manifest.problems.length} memory file(s) could not be read; run mnemo doctor for details`]
      : []),
    ...(manifest.truncated
      ? [
          `listed ${manifest.memories.length} of ${manifest.total} from offset ${input.offset}; ` +
            `more with --offset ${input.offset + input.limit}, or all with --all`,
        ]
      : []),
  ],
});
