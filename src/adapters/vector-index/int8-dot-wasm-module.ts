import { EMPTY_BLOCK, I32, increment, OP, oneFunctionModuleBytes, V128 } from "./wasm-binary.js";

/**
 * The bytes of a WebAssembly SIMD module that computes dot(float query, int8 copy) for a list of
 * slots: the rescoring step of the vector search. Each pass takes 16 int8 values, widens them to
 * four f32x4 vectors and multiplies them with 16 query floats, in four running sums so that the
 * additions overlap. The query stays in float (only the stored copies are quantised), so results
 * equal the JavaScript `dotWithInt8` up to float rounding.
 *
 * A first pass reads one byte of every 64-byte cache line of every copy. In a recall the copies
 * are not in cache (BM25 and the Hamming scan ran in between); these loads do not depend on each
 * other, so their misses overlap, where the scoring loop would meet them one after another. It
 * halved a 400-slot call in recall at 10,000 memories (median 125 to 62 µs; 35 µs when cached).
 * Assembled from the text form below (opcodes from the SIMD proposal's BinarySIMD.md):
 *
 * ```wat
 * (module
 *   (memory (export "memory") 1)
 *   (func (export "dot_products") (param $query i32) (param $copies i32) (param $stride i32)
 *         (param $slots i32) (param $count i32) (param $out i32)
 *     (local $copy i32) (local $end i32) (local $q i32) (local $touched i32)
 *     (local $bytes v128) (local $sum0 v128) (local $sum1 v128) (local $sum2 v128)
 *     (local $sum3 v128) (local $low v128) (local $high v128)
 *     (local.set $q (local.get $slots))
 *     (block $touched_all (loop $each_slot_to_touch
 *       (br_if $touched_all (i32.ge_u (local.get $q)
 *         (i32.add (local.get $slots) (i32.shl (local.get $count) (i32.const 2)))))
 *       (local.set $copy (i32.add (local.get $copies)
 *         (i32.mul (i32.load (local.get $q)) (local.get $stride))))
 *       (local.set $end (i32.add (local.get $copy) (local.get $stride)))
 *       (loop $each_line
 *         (local.set $touched (i32.or (local.get $touched) (i32.load8_u (local.get $copy))))
 *         (local.set $copy (i32.add (local.get $copy) (i32.const 64)))
 *         (br_if $each_line (i32.lt_u (local.get $copy) (local.get $end))))
 *       (local.set $q (i32.add (local.get $q) (i32.const 4)))
 *       (br $each_slot_to_touch)))
 *     (i32.store (local.get $out) (local.get $touched)) ;; a use, so the loads stay; overwritten
 *     (block $done (loop $each_slot
 *       (br_if $done (i32.eqz (local.get $count)))
 *       (local.set $copy (i32.add (local.get $copies)
 *         (i32.mul (i32.load (local.get $slots)) (local.get $stride))))
 *       (local.set $end (i32.add (local.get $copy) (local.get $stride)))
 *       (local.set $q (local.get $query))
 *       (local.set $sum0 (v128.const i64x2 0 0)) ;; and $sum1, $sum2, $sum3
 *       (block $copy_done (loop $each_16_values
 *         (br_if $copy_done (i32.ge_u (local.get $copy) (local.get $end)))
 *         (local.set $bytes (v128.load (local.get $copy)))
 *         (local.set $low (i16x8.extend_low_i8x16_s (local.get $bytes)))
 *         (local.set $high (i16x8.extend_high_i8x16_s (local.get $bytes)))
 *         (local.set $sum0 (f32x4.add (local.get $sum0) (f32x4.mul (v128.load offset=0 (local.get $q))
 *           (f32x4.convert_i32x4_s (i32x4.extend_low_i16x8_s (local.get $low))))))
 *         (local.set $sum1 ... offset=16 ... i32x4.extend_high_i16x8_s $low)
 *         (local.set $sum2 ... offset=32 ... i32x4.extend_low_i16x8_s $high)
 *         (local.set $sum3 ... offset=48 ... i32x4.extend_high_i16x8_s $high)
 *         (local.set $copy (i32.add (local.get $copy) (i32.const 16)))
 *         (local.set $q (i32.add (local.get $q) (i32.const 64)))
 *         (br $each_16_values)))
 *       (local.set $sum0 (f32x4.add (f32x4.add (local.get $sum0) (local.get $sum1))
 *                                   (f32x4.add (local.get $sum2) (local.get $sum3))))
 *       (f32.store (local.get $out)
 *         (f32.add (f32.add (f32x4.extract_lane 0 (local.get $sum0)) (f32x4.extract_lane 1 (local.get $sum0)))
 *                  (f32.add (f32x4.extract_lane 2 (local.get $sum0)) (f32x4.extract_lane 3 (local.get $sum0)))))
 *       (local.set $out (i32.add (local.get $out) (i32.const 4)))
 *       (local.set $slots (i32.add (local.get $slots) (i32.const 4)))
 *       (local.set $count (i32.sub (local.get $count) (i32.const 1)))
 *       (br $each_slot))))
 * ```
 *
 * `dot_products(query, copies, stride, slots, count, out)`: byte offsets into the exported memory.
 * The query is `stride` floats and each copy `stride` bytes, `stride` a multiple of 16 (the
 * dimensions padded with zeros); copy `s` starts at `copies + s * stride`; `count` slot numbers
 * (i32) are read from `slots` and one f32 dot product per slot is written from `out` (at least
 * 4 bytes are written there, even for no slots).
 */

/** SIMD instructions: the 0xfd prefix, then the opcode as an unsigned LEB128. */
const SIMD = {
  v128Load: [0xfd, 0x00],
  v128Const: [0xfd, 0x0c],
  f32x4ExtractLane: [0xfd, 0x1f],
  i16x8ExtendLowI8x16Signed: [0xfd, 0x87, 0x01],
  i16x8ExtendHighI8x16Signed: [0xfd, 0x88, 0x01],
  i32x4ExtendLowI16x8Signed: [0xfd, 0xa7, 0x01],
  i32x4ExtendHighI16x8Signed: [0xfd, 0xa8, 0x01],
  f32x4Add: [0xfd, 0xe4, 0x01],
  f32x4Mul: [0xfd, 0xe6, 0x01],
  f32x4ConvertI32x4Signed: [0xfd, 0xfa, 0x01],
} as const;

// Local indices: the six parameters, then the declared locals.
const QUERY = 0;
const COPIES = 1;
const STRIDE = 2;
const SLOTS = 3;
const COUNT = 4;
const OUT = 5;
const COPY = 6;
const END = 7;
const Q = 8;
const TOUCHED = 9;
const BYTES = 10;
const SUMS = [11, 12, 13, 14] as const;
const LOW = 15;
const HIGH = 16;

/** `sum += (f32x4 at q + offset) * float(widen(half of half))`: four of the 16 values. */
function accumulate(sum: number, offset: number, half: number, widen: readonly number[]): number[] {
  return [
    ...[OP.localGet, sum],
    ...[OP.localGet, Q, ...SIMD.v128Load, 4, offset], // alignment 2^4
    ...[OP.localGet, half, ...widen, ...SIMD.f32x4ConvertI32x4Signed],
    ...[...SIMD.f32x4Mul, ...SIMD.f32x4Add, OP.localSet, sum],
  ];
}

const addSums = [
  ...[OP.localGet, SUMS[0], OP.localGet, SUMS[1], ...SIMD.f32x4Add],
  ...[OP.localGet, SUMS[2], OP.localGet, SUMS[3], ...SIMD.f32x4Add],
  ...[...SIMD.f32x4Add, OP.localSet, SUMS[0]],
];

const lane = (index: number) => [OP.localGet, SUMS[0], ...SIMD.f32x4ExtractLane, index];

/** Copy start and end of the slot whose number is at `pointer`. */
const copyBounds = (pointer: number) => [
  ...[OP.localGet, COPIES, OP.localGet, pointer, OP.i32Load, 2, 0], // alignment 2^2
  ...[OP.localGet, STRIDE, OP.i32Mul, OP.i32Add, OP.localSet, COPY],
  ...[OP.localGet, COPY, OP.localGet, STRIDE, OP.i32Add, OP.localSet, END],
];

const touchEveryLine = [
  ...[OP.localGet, SLOTS, OP.localSet, Q],
  ...[OP.block, EMPTY_BLOCK, OP.loop, EMPTY_BLOCK],
  ...[OP.localGet, Q, OP.localGet, SLOTS, OP.localGet, COUNT, OP.i32Const, 2, OP.i32Shl, OP.i32Add],
  ...[OP.i32GeU, OP.brIf, 1],
  ...copyBounds(Q),
  ...[OP.loop, EMPTY_BLOCK],
  ...[OP.localGet, TOUCHED, OP.localGet, COPY, OP.i32Load8Unsigned, 0, 0, OP.i32Or, OP.localSet, TOUCHED],
  ...increment(COPY, 64),
  ...[OP.localGet, COPY, OP.localGet, END, OP.i32LtU, OP.brIf, 0, OP.end],
  ...increment(Q, 4),
  ...[OP.br, 0, OP.end, OP.end],
  ...[OP.localGet, OUT, OP.localGet, TOUCHED, OP.i32Store, 2, 0],
];

const FUNCTION_BODY = [
  ...[2, 4, I32, 7, V128], // locals: 4 × i32 ($copy $end $q $touched), 7 × v128
  ...touchEveryLine,
  ...[OP.block, EMPTY_BLOCK, OP.loop, EMPTY_BLOCK],
  ...[OP.localGet, COUNT, OP.i32Eqz, OP.brIf, 1],
  ...copyBounds(SLOTS),
  ...[OP.localGet, QUERY, OP.localSet, Q],
  ...SUMS.flatMap((sum) => [...SIMD.v128Const, ...new Array<number>(16).fill(0), OP.localSet, sum]),
  ...[OP.block, EMPTY_BLOCK, OP.loop, EMPTY_BLOCK],
  ...[OP.localGet, COPY, OP.localGet, END, OP.i32GeU, OP.brIf, 1],
  ...[OP.localGet, COPY, ...SIMD.v128Load, 4, 0, OP.localSet, BYTES],
  ...[OP.localGet, BYTES, ...SIMD.i16x8ExtendLowI8x16Signed, OP.localSet, LOW],
  ...[OP.localGet, BYTES, ...SIMD.i16x8ExtendHighI8x16Signed, OP.localSet, HIGH],
  ...accumulate(SUMS[0], 0, LOW, SIMD.i32x4ExtendLowI16x8Signed),
  ...accumulate(SUMS[1], 16, LOW, SIMD.i32x4ExtendHighI16x8Signed),
  ...accumulate(SUMS[2], 32, HIGH, SIMD.i32x4ExtendLowI16x8Signed),
  ...accumulate(SUMS[3], 48, HIGH, SIMD.i32x4ExtendHighI16x8Signed),
  ...increment(COPY, 16),
  ...increment(Q, 64),
  ...[OP.br, 0, OP.end, OP.end],
  ...addSums,
  ...[OP.localGet, OUT, ...lane(0), ...lane(1), OP.f32Add, ...lane(2), ...lane(3), OP.f32Add, OP.f32Add],
  ...[OP.f32Store, 2, 0], // alignment 2^2
  ...increment(OUT, 4),
  ...increment(SLOTS, 4),
  ...[OP.localGet, COUNT, OP.i32Const, 1, OP.i32Sub, OP.localSet, COUNT],
  ...[OP.br, 0, OP.end, OP.end],
  OP.end,
];

export function int8DotModuleBytes(): Uint8Array {
  return oneFunctionModuleBytes({ exportName: "dot_products", parameters: 6, body: FUNCTION_BODY });
}
