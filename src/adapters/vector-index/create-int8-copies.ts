import { type Int8Copies, JavaScriptInt8Copies } from "./int8-copies.js";
import { SimdInt8Copies, simdSupported } from "./simd-int8-copies.js";

/** The int8 copies of an index's vectors: in WebAssembly SIMD where the runtime has it, in JavaScript elsewhere. */
export function createInt8Copies(dimensions: number): Int8Copies {
  return simdSupported() ? new SimdInt8Copies(dimensions) : new JavaScriptInt8Copies(dimensions);
}
