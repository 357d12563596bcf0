/** The MIDs of the address (000 §2: `mid`, one or a list), repeated or comma-separated. */
export function midsOf(params: URLSearchParams): string[] {
  const all = params.getAll('mid').flatMap((value) => value.split(','));
  return [...new Set(all.map((mid) => mid.trim()).filter(Boolean))];
}
