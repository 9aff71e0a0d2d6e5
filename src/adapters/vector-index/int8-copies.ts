import { dotWithInt8 } from "./vector-quantization.js";

/**
 * The int8 copies of an index's vectors, one per slot, and their dot products with a float
 * query: the rescoring step of the vector search. Where the runtime has WebAssembly SIMD (Node
 * 16.4 and later) they live in WebAssembly memory and one call scores all the candidates of a
 * search (simd-int8-copies.ts); elsewhere in an Int8Array, scored in JavaScript.
 */
export interface Int8Copies {
  /** Makes room for at least `capacity` copies; copies already stored stay where they are. */
  reserve(capacity: number): void;
  /** The copy in `slot`, to write (a view: valid until the next reserve). */
  copy(slot: number): Int8Array;
  /** Overwrites the copy in `to` with the one in `from`. */
  move(from: number, to: number): void;
  /** dot(query, copy) for each slot, in the order given (a view: valid until the next call). */
  dotProducts(query: Float32Array, slots: readonly number[]): Float32Array;
}

/** The fallback: 400 copies of 512 dimensions take about 8 times as long as in SIMD (bench/vector-index/rescore-speed.ts). */
export class JavaScriptInt8Copies implements Int8Copies {
  private readonly dimensions: number;
  private copies: Int8Array;

  constructor(dimensions: number) {
    this.dimensions = dimensions;
    this.copies = new Int8Array(1024 * dimensions);
  }

  reserve(capacity: number): void {
    const held = this.copies.length / this.dimensions;
    if (capacity <= held) return;
    const copies = new Int8Array(Math.max(capacity, held * 2) * this.dimensions);
    copies.set(this.copies);
    this.copies = copies;
  }

  copy(slot: number): Int8Array {
    return this.copies.subarray(slot * this.dimensions, (slot + 1) * this.dimensions);
  }

  move(from: number, to: number): void {
    this.copies.copyWithin(to * this.dimensions, from * this.dimensions, (from + 1) * this.dimensions);
  }

  dotProducts(query: Float32Array, slots: readonly number[]): Float32Array {
    const products = new Float32Array(slots.length);
    for (let position = 0; position < slots.length; position++)
      products[position] = dotWithInt8(query, this.copies, (slots[position] as number) * this.dimensions);
    return products;
  }
}
