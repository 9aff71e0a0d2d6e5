/**
 * The part of the WebAssembly JavaScript API the kernels here use, typed (TypeScript declares it
 * only in its DOM library), and growing a memory to a size in bytes.
 */
export interface WebAssemblyMemory {
  readonly buffer: ArrayBuffer;
  grow(pages: number): number;
}

interface WebAssemblyApi {
  Module: new (bytes: Uint8Array) => object;
  Instance: new (module: object, imports: object) => { exports: unknown };
  validate(bytes: Uint8Array): boolean;
}

/** The global object itself, so that a test can replace `validate` to take the fallback path. */
export const webAssembly = (globalThis as unknown as { WebAssembly: WebAssemblyApi }).WebAssembly;

const PAGE_BYTES = 65_536;

/** Grows `memory` to hold at least `bytes` bytes; what it holds stays where it is. */
export function growMemoryTo(memory: WebAssemblyMemory, bytes: number): void {
  const missingPages = Math.ceil((bytes - memory.buffer.byteLength) / PAGE_BYTES);
  if (missingPages > 0) memory.grow(missingPages);
}
