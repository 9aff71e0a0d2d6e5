import type { ImportEdge } from "./import-graph.js";

/**
 * The import cycles of a graph: each strongly connected group of two or more files (or a file that
 * imports itself), as its files sorted, the groups sorted. A type-only import counts like any other:
 * a cycle of types still ties the files into one unit that cannot be read, moved or tested apart.
 * Tarjan's algorithm, iterative so a deep chain of imports cannot overflow the stack.
 */
export function importCycles(edges: readonly ImportEdge[]): string[][] {
  const next = new Map<string, string[]>();
  for (const { from, to } of edges) {
    next.set(from, [...(next.get(from) ?? []), to]);
    if (!next.has(to)) next.set(to, []);
  }
  const order = new Map<string, number>();
  const lowest = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const cycles: string[][] = [];

  for (const start of next.keys()) {
    if (order.has(start)) continue;
    const walk: { file: string; child: number }[] = [{ file: start, child: 0 }];
    visit(start);
    while (walk.length > 0) {
      const frame = walk[walk.length - 1] as { file: string; child: number };
      const children = next.get(frame.file) ?? [];
      if (frame.child < children.length) {
        const child = children[frame.child++] as string;
        if (!order.has(child)) {
          visit(child);
          walk.push({ file: child, child: 0 });
        } else if (onStack.has(child)) {
          lower(frame.file, order.get(child) as number);
        }
        continue;
      }
      walk.pop();
      const parent = walk[walk.length - 1];
      if (parent) lower(parent.file, lowest.get(frame.file) as number);
      if (lowest.get(frame.file) === order.get(frame.file)) closeGroup(frame.file);
    }
  }
  return cycles.sort((a, b) => (a[0] as string).localeCompare(b[0] as string));

  function visit(file: string): void {
    order.set(file, order.size);
    lowest.set(file, order.get(file) as number);
    stack.push(file);
    onStack.add(file);
  }

  function lower(file: string, to: number): void {
    lowest.set(file, Math.min(lowest.get(file) as number, to));
  }

  function closeGroup(root: string): void {
    const group: string[] = [];
    let file: string;
    do {
      file = stack.pop() as string;
      onStack.delete(file);
      group.push(file);
    } while (file !== root);
    const importsItself = next.get(root)?.includes(root) ?? false;
    if (group.length > 1 || importsItself) cycles.push(group.sort());
  }
}
