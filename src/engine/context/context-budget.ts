/**
 * One budget for the frozen session context, shared by its layers (issue 12): each layer asks for
 * what it holds, and the budget is split in proportion to the layers' weights; what a layer does not
 * need flows to the others (weighted max-min fairness, "water filling"). So a small SOUL.md leaves
 * room for more memory index lines, and no layer can crowd another out below its share.
 */
export interface LayerDemand<Name extends string> {
  name: Name;
  /** Estimated tokens of everything the layer could show. */
  wanted: number;
  weight: number;
}

/** Tokens are estimated as UTF-8 bytes / 4: about right for English, on the safe side for other scripts. */
export function estimateTokens(text: string): number {
  return Math.ceil(Buffer.byteLength(text, "utf8") / 4);
}

/**
 * Splits `total` tokens across the layers: the sum never exceeds `total`, no layer gets more than it
 * wants, every layer gets at least min(wanted, its weighted share of `total`), and when everything
 * fits every layer gets all it wants.
 */
export function allocateBudget<Name extends string>(
  total: number,
  demands: Array<LayerDemand<Name>>,
): Map<Name, number> {
  const granted = new Map<Name, number>(demands.map((demand) => [demand.name, 0]));
  let remaining = Math.max(0, Math.floor(total));
  let open = demands.filter((demand) => demand.wanted > 0 && demand.weight > 0);
  while (open.length > 0 && remaining > 0) {
    const weights = open.reduce((sum, demand) => sum + demand.weight, 0);
    const shareOf = (demand: LayerDemand<Name>) => (remaining * demand.weight) / weights;
    const satisfied = open.filter((demand) => demand.wanted <= shareOf(demand));
    if (satisfied.length === 0) {
      for (const demand of open) granted.set(demand.name, Math.floor(shareOf(demand)));
      break;
    }
    for (const demand of satisfied) {
      granted.set(demand.name, demand.wanted);
      remaining -= demand.wanted;
    }
    open = open.filter((demand) => !satisfied.includes(demand));
  }
  return granted;
}
