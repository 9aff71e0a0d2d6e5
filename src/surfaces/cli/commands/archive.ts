import { Argument, Option } from "commander";
import { MnemoError } from "../../../errors.js";
import type { ArchivedItem, ArchiveListing, RestoreResult } from "../../../home.js";
import { archiveLines } from "../archive-lines.js";
import { type CommandGroup, type CommonOptions, defineCommand } from "../cli-command.js";

/** `mnemo archive`: what budgets, capacity, removals and deletions moved to archive/, and putting it back. */
interface ListOptions extends CommonOptions {
  offset: string;
  limit: string;
}

const list = defineCommand({
  name: "list",
  description:
    "List archived text, newest first: its id, when and why it left, where it came from, and whether it can be restored.",
  options: [
    new Option("--offset <n>", "how many of the newest to skip").default("0"),
    new Option("--limit <n>", "how many to list (1 to 1000)").default("20"),
  ],
  examples: ["mnemo archive list", "mnemo archive list --offset 20 --limit 20 --json"],
  input: (_args, options: ListOptions) => ({
    offset: wholeNumber(options.offset, "--offset", 0, Number.MAX_SAFE_INTEGER),
    limit: wholeNumber(options.limit, "--limit", 1, 1000),
  }),
  run: (page, { memory }) => memory.archive.list(page),
  render: (listing: ArchiveListing) => listing.items.map(itemLine).join("\n"),
  notes: (listing, _input, { json }) => (json ? [] : pageNotes(listing)),
});

const show = defineCommand({
  name: "show",
  description: "Print one archived text whole, with where it came from and whether it can be restored.",
  arguments: [new Argument("<id>", "its id as mnemo archive list shows it (or its first characters)")],
  examples: ["mnemo archive show 3f2a9c1e"],
  input: ([id = ""]) => ({ id }),
  run: ({ id }, { memory }) => memory.archive.get(id),
  render: (item: ArchivedItem) =>
    [
      `${item.id}  from ${item.source}${item.archivedAt ? `, archived ${item.archivedAt}` : ""}${item.reason ? ` (${item.reason})` : ""}`,
      `in ${item.path}; ${restoreText(item)}`,
      "",
      item.text,
    ].join("\n"),
});

const restore = defineCommand({
  name: "restore",
  description:
    "Move archived text back where it came from, through the checks of a save: a typed memory to its file and " +
    "MEMORY.md's index (its current version goes to the archive), ## sections into their profile file within its budget.",
  arguments: [new Argument("<id>", "its id as mnemo archive list shows it (or its first characters)")],
  examples: ["mnemo archive restore 3f2a9c1e"],
  input: ([id = ""]) => ({ id }),
  run: ({ id }, { memory }) => memory.archive.restore({ id }),
  render: (result: RestoreResult, { locate }) =>
    [
      result.kind === "memory"
        ? `Restored the memory "${result.names[0] ?? ""}" to ${locate(result.path)}`
        : `Restored ${result.names.map((name) => `"${name}"`).join(", ")} to ${locate(result.path)}`,
      ...(result.usage
        ? [`${result.path}: ${result.usage.characters}/${result.usage.budget} characters`]
        : []),
      ...archiveLines(locate, result.archived),
    ].join("\n"),
});

export const archive: CommandGroup = {
  name: "archive",
  summary: "List, read and restore what was moved to archive/",
  description:
    "archive/ holds what budgets, capacity limits, removals and deletions moved out of files: nothing is dropped. " +
    "List it, read one text whole, or restore it.",
  commands: [list, show, restore],
};

function itemLine(item: ArchivedItem): string {
  const when = item.archivedAt ?? "(no date)";
  const firstLine = item.text.split("\n").find((line) => line.trim() !== "") ?? "";
  const preview = firstLine.length > 80 ? `${firstLine.slice(0, 79)}…` : firstLine;
  const restorable = item.restorable ? "restorable" : "not restorable";
  return `${item.id}  ${when}  ${item.source}  ${item.reason ?? ""}  [${restorable}]\n    ${preview}`;
}

function restoreText(item: ArchivedItem): string {
  return item.restorable
    ? `restore it with mnemo archive restore ${item.id}`
    : `it cannot be restored: ${item.restoreNote ?? "unknown reason"}`;
}

function pageNotes(listing: ArchiveListing): string[] {
  if (listing.total === 0) return ["the archive is empty"];
  const last = listing.offset + listing.items.length;
  const shown =
    listing.items.length === 0
      ? `nothing past ${listing.offset}: the archive holds ${listing.total}`
      : `${listing.offset + 1}-${last} of ${listing.total} archived texts`;
  return [listing.truncated ? `${shown}; the next page: --offset ${last}` : shown];
}

function wholeNumber(value: string, option: string, min: number, max: number): number {
  const number = Number(value);
  if (value.trim() === "" || !Number.isInteger(number) || number < min || number > max)
    throw new MnemoError(
      "INVALID_INPUT",
      `${option} must be a whole number from ${min} to ${max}, not "${value}".`,
    );
  return number;
}
