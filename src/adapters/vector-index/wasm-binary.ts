/**
 * Just enough of the WebAssembly binary format to write the two kernels here (the Hamming scan
 * and the int8 dot products) as bytes: each is a module with one memory, exported as "memory",
 * and one function of i32 parameters with no result. See hamming-wasm-module.ts and
 * int8-dot-wasm-module.ts for the kernels' text forms.
 */
export const I32 = 0x7f;
export const I64 = 0x7e;
export const V128 = 0x7b;
export const EMPTY_BLOCK = 0x40;

/** The plain (non-SIMD) instructions the kernels use. */
export const OP = {
  block: 0x02,
  loop: 0x03,
  end: 0x0b,
  br: 0x0c,
  brIf: 0x0d,
  localGet: 0x20,
  localSet: 0x21,
  i32Load: 0x28,
  i64Load: 0x29,
  i32Load8Unsigned: 0x2d,
  i32Store: 0x36,
  f32Store: 0x38,
  i32Store16: 0x3b,
  i32Const: 0x41,
  i64Const: 0x42,
  i32Eqz: 0x45,
  i32LtU: 0x49,
  i32GeU: 0x4f,
  i32Add: 0x6a,
  i32Sub: 0x6b,
  i32Mul: 0x6c,
  i32Or: 0x72,
  i32Shl: 0x74,
  i64Popcnt: 0x7b,
  i64Add: 0x7c,
  i64Xor: 0x85,
  f32Add: 0x92,
  i32WrapI64: 0xa7,
} as const;

export function unsignedLeb128(value: number): number[] {
  const bytes: number[] = [];
  let rest = value;
  do {
    let byte = rest & 0x7f;
    rest >>>= 7;
    if (rest !== 0) byte |= 0x80;
    bytes.push(byte);
  } while (rest !== 0);
  return bytes;
}

/** `i32.const` takes a signed LEB128: 64 is two bytes, since a lone 0x40 would read as -64. */
export function signedLeb128(value: number): number[] {
  const bytes: number[] = [];
  let rest = value;
  for (;;) {
    const byte = rest & 0x7f;
    rest >>= 7;
    const done = (rest === 0 && (byte & 0x40) === 0) || (rest === -1 && (byte & 0x40) !== 0);
    bytes.push(done ? byte : byte | 0x80);
    if (done) return bytes;
  }
}

/** `local += step` for an i32 local. */
export function increment(local: number, step: number): number[] {
  return [OP.localGet, local, OP.i32Const, ...signedLeb128(step), OP.i32Add, OP.localSet, local];
}

/** A length-prefixed vector of already-encoded items. */
function vector(items: number[][]): number[] {
  return [...unsignedLeb128(items.length), ...items.flat()];
}

function name(text: string): number[] {
  return vector([...text].map((character) => [character.charCodeAt(0)]));
}

function section(id: number, content: number[]): number[] {
  return [id, ...unsignedLeb128(content.length), ...content];
}

export interface OneFunctionModule {
  /** The name the function is exported as. */
  exportName: string;
  /** How many i32 parameters it takes. */
  parameters: number;
  /** Its local declarations and instructions, through the final `end`. */
  body: number[];
}

/** A module with one memory (at least one page, no maximum) and one exported function. */
export function oneFunctionModuleBytes({ exportName, parameters, body }: OneFunctionModule): Uint8Array {
  const functionType = [0x60, ...vector(Array.from({ length: parameters }, () => [I32])), 0];
  return Uint8Array.from([
    ...[0x00, 0x61, 0x73, 0x6d, 0x01, 0x00, 0x00, 0x00], // "\0asm", version 1
    ...section(1, vector([functionType])), // types
    ...section(3, vector([[0]])), // functions: one, of type 0
    ...section(5, vector([[0x00, 1]])), // memories: one, at least 1 page, no maximum
    ...section(
      7,
      vector([
        [...name("memory"), 0x02, 0],
        [...name(exportName), 0x00, 0],
      ]),
    ), // exports
    ...section(10, vector([[...unsignedLeb128(body.length), ...body]])), // code
  ]);
}
