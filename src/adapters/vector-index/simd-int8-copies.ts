import type { Int8Copies } from "./int8-copies.js";
import { int8DotModuleBytes } from "./int8-dot-wasm-module.js";
import { growMemoryTo, type WebAssemblyMemory, webAssembly } from "./webassembly-api.js";

/**
 * Int8 copies kept in WebAssembly memory and scored by the SIMD kernel of int8-dot-wasm-module.ts,
 * one call for all the slots of a search. Memory layout, in bytes: `capacity` copies of `stride`
 * bytes from 0 (the dimensions rounded up to a multiple of 16), then scratch space rewritten by
 * every call: the query (`stride` floats, zeros past its dimensions), the slot numbers (i32) and
 * the dot products (f32). A copy's padding is never written, and may hold an earlier call's
 * scratch after a reserve: it meets the query's zeros, and an int8 times zero adds nothing.
 */
interface DotProductExports {
  memory: WebAssemblyMemory;
  dot_products: (
    query: number,
    copies: number,
    stride: number,
    slots: number,
    count: number,
    out: number,
  ) => void;
}

let moduleBytes: Uint8Array | undefined;
let compiled: object | undefined;

/** False where WebAssembly has no SIMD (the module does not validate). */
export function simdSupported(): boolean {
  moduleBytes ??= int8DotModuleBytes();
  return webAssembly.validate(moduleBytes);
}

export class SimdInt8Copies implements Int8Copies {
  private readonly dimensions: number;
  private readonly stride: number;
  private readonly exports: DotProductExports;
  private capacity = 0;

  constructor(dimensions: number) {
    this.dimensions = dimensions;
    this.stride = Math.ceil(dimensions / 16) * 16;
    moduleBytes ??= int8DotModuleBytes();
    compiled ??= new webAssembly.Module(moduleBytes);
    this.exports = new webAssembly.Instance(compiled, {}).exports as DotProductExports;
    this.reserve(1024);
  }

  reserve(capacity: number): void {
    if (capacity <= this.capacity) return;
    const grown = Math.max(capacity, this.capacity * 2);
    growMemoryTo(this.exports.memory, grown * this.stride);
    this.capacity = grown;
  }

  copy(slot: number): Int8Array {
    return new Int8Array(this.exports.memory.buffer, slot * this.stride, this.dimensions);
  }

  move(from: number, to: number): void {
    const bytes = new Uint8Array(this.exports.memory.buffer);
    bytes.copyWithin(to * this.stride, from * this.stride, (from + 1) * this.stride);
  }

  dotProducts(query: Float32Array, slots: readonly number[]): Float32Array {
    const { memory } = this.exports;
    const queryStart = this.capacity * this.stride;
    const slotsStart = queryStart + 4 * this.stride;
    const productsStart = slotsStart + 4 * slots.length;
    growMemoryTo(memory, productsStart + 4 * Math.max(1, slots.length)); // the kernel writes one, even for none
    const paddedQuery = new Float32Array(memory.buffer, queryStart, this.stride);
    paddedQuery.set(query);
    paddedQuery.fill(0, query.length);
    new Int32Array(memory.buffer, slotsStart, slots.length).set(slots);
    this.exports.dot_products(queryStart, 0, this.stride, slotsStart, slots.length, productsStart);
    return new Float32Array(memory.buffer, productsStart, slots.length);
  }
}
