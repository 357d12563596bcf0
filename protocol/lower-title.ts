/**
 * A title written inside a sentence: lower case, but for the acronyms it holds ("Política MDM" →
 * "política MDM", "Managed app" → "managed app"), which a person reads as written.
 * @example lowerTitle('Versión de política MDM', 'es') // 'versión de política MDM'
 */
export function lowerTitle(title: string, language: 'es' | 'en' = 'es'): string {
  return title
    .split(/(\s+)/)
    .map((word) => (/^[A-Z0-9]{2,}$/.test(word) ? word : word.toLocaleLowerCase(language)))
    .join('');
}
