/**
 * Synthetic memories for speed benchmarks: short notes built from a Zipf-distributed vocabulary
 * with a seeded generator, so every run indexes the same text.
 */
import { seededRandom } from "../../src/testing/seeded-random.js";

const SUBJECTS = [
  "The user",
  "The team",
  "My manager",
  "Our client",
  "The project",
  "The deploy",
  "The CI job",
  "Alice",
  "Bob",
  "The vendor",
];
const WORDS = (
  "prefers likes uses needs avoids schedules reviews tracks ships tests deploys migrates monitors writes reads kitten coffee tea " +
  "python typescript golang rust postgres sqlite redis kafka docker kubernetes terraform ansible linux debian ubuntu macos " +
  "monday tuesday wednesday thursday friday weekend morning evening deadline release sprint backlog roadmap budget invoice " +
  "meeting standup retro demo launch freeze hotfix outage incident alert dashboard metrics logs traces latency throughput " +
  "lisbon berlin tokyo paris london boston seattle garden bicycle marathon guitar piano novel recipe allergy vegetarian " +
  "tabs spaces formatter linter review approval branch merge rebase commit tag version changelog license security audit"
).split(" ");

function zipfWord(random: () => number): string {
  const index = Math.floor(WORDS.length * random() ** 2.2);
  return WORDS[Math.min(index, WORDS.length - 1)] as string;
}

export function syntheticNote(random: () => number, serial: number): string {
  const subject = SUBJECTS[Math.floor(random() * SUBJECTS.length)];
  const words = Array.from({ length: 12 + Math.floor(random() * 20) }, () => zipfWord(random));
  return `${subject} ${words.join(" ")} (note ${serial}).`;
}

export function syntheticQueries(count: number, seed: number): string[] {
  const random = seededRandom(seed);
  return Array.from({ length: count }, () =>
    Array.from({ length: 2 + Math.floor(random() * 5) }, () => zipfWord(random)).join(" "),
  );
}
