/**
 * Synthetic homes for the PostgreSQL scale benchmark, the same on every run (seeded). Each home has
 * a few topics; a memory's vector is its topic's direction plus noise (unit length), and a query's
 * vector is made the same way, so a recall has real neighbours to find. Texts come from the speed
 * benchmarks' Zipf vocabulary. Vectors are synthetic: no model runs, so loading a million takes
 * minutes, not days.
 */
import type { EmbeddingModel } from "../../src/contracts/embedding-model.js";
import { textHash } from "../../src/engine/search/embed-chunks.js";
import { seededRandom } from "../../src/testing/seeded-random.js";
import { syntheticNote } from "../speed/synthetic-memories.js";

export const TOPICS_PER_HOME = 8;
const NOISE = 0.6;

export function homeIdOf(home: number): string {
  return `bench/tenant-${home}`;
}

/** Unit vectors: the topics of every home, made once from the seed. */
export function topicVectors(homes: number, dimensions: number, seed: number): Float32Array[] {
  const random = seededRandom(seed);
  return Array.from({ length: homes * TOPICS_PER_HOME }, () => unit(gaussianVector(random, dimensions)));
}

/** A topic's direction plus noise, unit length. */
export function noisyVector(topic: Float32Array, random: () => number): Float32Array {
  const noise = unit(Float32Array.from(topic, () => random() * 2 - 1));
  return unit(topic.map((value, index) => value + NOISE * (noise[index] as number)));
}

/** pgvector's text of a vector, to 4 decimals: a third as long to send and parse as exact values. */
export function vectorText(vector: Float32Array): string {
  return `[${Array.from(vector, (value) => Math.round(value * 10_000) / 10_000).join(",")}]`;
}

/**
 * One memory of a home: its document as mnemo writes it, and its one chunk as the index makes it
 * (home-chunks.ts; built directly, as parsing a million frontmatters would take longer than the load).
 */
export function syntheticMemory(serial: number, random: () => number) {
  const name = `Note ${serial}`;
  const path = `memories/project_note-${serial}.md`;
  const body = syntheticNote(random, serial);
  const description = body.slice(0, 60);
  const content = `---\nname: ${name}\ndescription: ${description}\ntype: project\ncreated: 2026-01-01T00:00:00.000Z\nupdated: 2026-01-01T00:00:00.000Z\n---\n\n${body}\n`;
  const text = `${name}\n${description}\n${body}`;
  const chunk = {
    path,
    kind: "memory",
    locator: name,
    line: 1,
    title: name,
    text,
    memoryType: "project",
    date: "2026-01-01",
    updated: "2026-01-01T00:00:00.000Z",
  };
  return { path, content, chunks: [{ ...chunk, textHash: textHash(text) }] };
}

/** The query side of a recall: the vector the benchmark set for the next query, embedded at no cost. */
export class PresetEmbeddingModel implements EmbeddingModel {
  readonly id: string;
  next: Float32Array;
  private readonly dimensions: number;

  constructor(dimensions: number) {
    this.dimensions = dimensions;
    this.id = `bench:synthetic-${dimensions}@1`;
    this.next = new Float32Array(dimensions);
  }

  async open(): Promise<{ dimensions: number }> {
    return { dimensions: this.dimensions };
  }

  async embed(texts: string[]): Promise<Float32Array[]> {
    return texts.map(() => this.next);
  }

  async close(): Promise<void> {}
}

function gaussianVector(random: () => number, dimensions: number): Float32Array {
  const vector = new Float32Array(dimensions);
  for (let index = 0; index < dimensions; index++) {
    vector[index] = Math.sqrt(-2 * Math.log(1 - random())) * Math.cos(2 * Math.PI * random());
  }
  return vector;
}

function unit(vector: Float32Array): Float32Array {
  let sum = 0;
  for (const value of vector) sum += value * value;
  const norm = Math.sqrt(sum) || 1;
  return vector.map((value) => value / norm);
}
