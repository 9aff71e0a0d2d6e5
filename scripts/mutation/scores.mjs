#!/usr/bin/env node
/**
 * The score of record of every module under mutation testing: scripts/mutation/scores.json, updated
 * by each whole-module run of run-mutation.mjs (not by CI's changed-lines run, which measures only a
 * change), and the table in docs/mutation.md regenerated from it:
 *
 *   npm run mutation:docs        rewrites the table between the scores markers of docs/mutation.md
 *
 * A module listed in modules.mjs that was never measured shows as "not measured yet".
 */
import { readFile, writeFile } from "node:fs/promises";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { MODULES } from "./modules.mjs";

const ROOT = join(dirname(fileURLToPath(import.meta.url)), "..", "..");
const SCORES = join(ROOT, "scripts", "mutation", "scores.json");
const DOC = join(ROOT, "docs", "mutation.md");
const START = "<!-- scores:start (npm run mutation:docs) -->";
const END = "<!-- scores:end -->";

export async function readScores() {
  return JSON.parse(await readFile(SCORES, "utf8"));
}

/** The scores with one module's new measurement in place of its old one. */
export function withScore(scores, entry) {
  return [...scores.filter((each) => each.module !== entry.module), entry].sort(
    (a, b) => moduleOrder(a.module) - moduleOrder(b.module),
  );
}

function moduleOrder(name) {
  const index = MODULES.findIndex((module) => module.name === name);
  return index === -1 ? MODULES.length : index;
}

export async function recordScore(entry) {
  await writeFile(SCORES, `${JSON.stringify(withScore(await readScores(), entry), null, 2)}\n`);
}

/** The Markdown table of every module of modules.mjs, measured or not, padded as biome formats it. */
export function renderScores(scores) {
  const rows = MODULES.map(({ name }) => {
    const score = scores.find((each) => each.module === name);
    if (score === undefined) return [name, "not measured yet", "", "", "", ""];
    const under = score.score < 85 ? " (under 85%)" : "";
    const percent = `${score.score.toFixed(1)}%${under}`;
    return [name, percent, String(score.mutants), score.when, score.load, score.workers ?? ""];
  });
  const header = ["module", "score", "mutants", "when", "load", "workers"];
  return markdownTable(header, rows);
}

function markdownTable(header, rows) {
  const widths = header.map((title, column) =>
    Math.max(3, ...[title, ...rows.map((row) => row[column])].map((cell) => [...String(cell)].length)),
  );
  const line = (cells) =>
    `| ${cells.map((cell, column) => padEnd(String(cell), widths[column])).join(" | ")} |`;
  return [line(header), line(widths.map((width) => "-".repeat(width))), ...rows.map(line)].join("\n");
}

function padEnd(text, width) {
  return text + " ".repeat(width - [...text].length);
}

/** `document` with the text between the markers replaced by `table`. */
export function replaceBetweenMarkers(document, table) {
  const start = document.indexOf(START);
  const end = document.indexOf(END);
  if (start === -1 || end < start) throw new Error(`docs/mutation.md has no ${START} … ${END} block`);
  return `${document.slice(0, start + START.length)}\n\n${table}\n\n${document.slice(end)}`;
}

async function main() {
  const document = await readFile(DOC, "utf8");
  await writeFile(DOC, replaceBetweenMarkers(document, renderScores(await readScores())));
  console.log("docs/mutation.md: scores table regenerated from scripts/mutation/scores.json");
}

if (import.meta.url === `file://${process.argv[1]}`) await main();
