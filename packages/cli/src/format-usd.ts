/** US dollars as tables show them: 4 decimals (a model call often costs a fraction of a cent), `$0.0042`. */
export function formatUsd(usd: number): string {
  return `$${usd.toFixed(4)}`;
}
