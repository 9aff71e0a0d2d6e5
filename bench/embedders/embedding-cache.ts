import { createHash } from "node:crypto";
import { appendFile, mkdir, readFile } from "node:fs/promises";
import { join } from "node:path";

/**
 * An append-only file of vectors by text hash, one per embedder id, so that a long evaluation can
 * be resumed and re-scored without embedding again. Record: 16 bytes of SHA-256, then the floats.
 */
const HASH_BYTES = 16;

export function textKey(text: string): string {
  return createHash("sha256")
    .update(text)
    .digest("hex")
    .slice(0, HASH_BYTES * 2);
}

export class EmbeddingCacheFile {
  readonly vectors = new Map<string, Float32Array>();
  private readonly path: string | undefined;

  constructor(
    folder: string | undefined,
    modelId: string,
    private readonly dimensions: number,
  ) {
    this.path = folder && join(folder, `${modelId.replace(/[^A-Za-z0-9.@-]+/g, "_")}-${dimensions}.bin`);
  }

  async load(): Promise<void> {
    if (!this.path) return;
    const bytes = await readFile(this.path).catch(() => Buffer.alloc(0));
    const recordBytes = HASH_BYTES + this.dimensions * 4;
    for (let offset = 0; offset + recordBytes <= bytes.length; offset += recordBytes) {
      const key = bytes.toString("hex", offset, offset + HASH_BYTES);
      const floats = new Float32Array(this.dimensions);
      Buffer.from(floats.buffer).set(bytes.subarray(offset + HASH_BYTES, offset + recordBytes));
      this.vectors.set(key, floats);
    }
  }

  async add(entries: Array<[string, Float32Array]>): Promise<void> {
    for (const [key, vector] of entries) this.vectors.set(key, vector);
    if (!this.path || entries.length === 0) return;
    await mkdir(join(this.path, ".."), { recursive: true });
    const records = entries.map(([key, vector]) =>
      Buffer.concat([
        Buffer.from(key, "hex"),
        Buffer.from(vector.buffer, vector.byteOffset, vector.byteLength),
      ]),
    );
    await appendFile(this.path, Buffer.concat(records));
  }
}
