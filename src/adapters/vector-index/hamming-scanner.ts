import { hammingModuleBytes } from "./hamming-wasm-module.js";
import { signCodeBytes } from "./vector-quantization.js";
import { growMemoryTo, type WebAssemblyMemory, webAssembly } from "./webassembly-api.js";

/**
 * Binary codes kept in WebAssembly memory, and the Hamming distance of a query code to each of
 * them. Memory layout, in bytes: the query code, then `capacity` codes one after another, then
 * one 16-bit distance per code (scratch space, rewritten by every scan).
 */
interface HammingExports {
  memory: WebAssemblyMemory;
  hamming: (query: number, codes: number, count: number, words: number, out: number) => void;
}

let compiled: object | undefined;

export class HammingScanner {
  /** Bytes of one code: the dimensions rounded up to whole 64-bit words. */
  readonly bytesPerCode: number;
  private readonly exports: HammingExports;
  private capacity = 0;

  constructor(dimensions: number) {
    this.bytesPerCode = signCodeBytes(dimensions);
    compiled ??= new webAssembly.Module(hammingModuleBytes());
    this.exports = new webAssembly.Instance(compiled, {}).exports as HammingExports;
    this.reserve(1024);
  }

  /** Makes room for at least `capacity` codes; codes already stored stay where they are. */
  reserve(capacity: number): void {
    if (capacity <= this.capacity) return;
    const grown = Math.max(capacity, this.capacity * 2);
    growMemoryTo(this.exports.memory, this.bytesPerCode * (1 + grown) + 2 * grown);
    this.capacity = grown;
  }

  /** The bytes of the code in `slot`, to read or write (a view: valid until the next reserve). */
  code(slot: number): Uint8Array {
    const start = this.bytesPerCode * (1 + slot);
    return new Uint8Array(this.exports.memory.buffer, start, this.bytesPerCode);
  }

  copyCode(from: number, to: number): void {
    const bytes = new Uint8Array(this.exports.memory.buffer);
    const start = this.bytesPerCode * (1 + from);
    bytes.copyWithin(this.bytesPerCode * (1 + to), start, start + this.bytesPerCode);
  }

  /** The query's code, to write before a scan. */
  queryCode(): Uint8Array {
    return new Uint8Array(this.exports.memory.buffer, 0, this.bytesPerCode);
  }

  /** Distances of the query code to the codes in slots 0 to count - 1 (a view: valid until the next scan). */
  scan(count: number): Uint16Array {
    if (count > this.capacity) throw new RangeError(`scan of ${count} codes, room for ${this.capacity}`);
    const out = this.bytesPerCode * (1 + this.capacity);
    this.exports.hamming(0, this.bytesPerCode, count, this.bytesPerCode / 8, out);
    return new Uint16Array(this.exports.memory.buffer, out, count);
  }
}
