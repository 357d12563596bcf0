// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import englishMessages from 'ra-language-english';
import es from '../../../src/i18n/es';
import en from '../../../src/i18n/en';
import { raSpanish } from '../../../src/i18n/raSpanish';
import { i18nProvider, loadLaterMessages } from '../../../src/i18n/i18nProvider';
import { laterMessages } from '../../../src/i18n/later';
import { mergeMessages } from '../../../src/i18n/merge';

/** Every leaf of a messages tree, as 'a.b.c' → text. */
function leaves(tree: object, prefix = ''): Map<string, unknown> {
  const found = new Map<string, unknown>();
  for (const [key, value] of Object.entries(tree)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (value && typeof value === 'object')
      for (const [k, v] of leaves(value, path)) found.set(k, v);
    else found.set(path, value);
  }
  return found;
}

const placeholders = (text: unknown) =>
  [...String(text).matchAll(/%\{(\w+)\}/g)].map((m) => m[1]).sort();

describe('console messages', () => {
  // Home's texts are bundled; every other area's come with the first screen past home.
  const spanish = leaves(mergeMessages(es, laterMessages.es));
  const english = leaves(mergeMessages(en, laterMessages.en));

  it('have exactly the same keys in Spanish and English', () => {
    expect([...spanish.keys()].sort()).toEqual([...english.keys()].sort());
  });

  it('translate every react-admin message into Spanish', () => {
    expect([...leaves(raSpanish).keys()].sort()).toEqual(
      [...leaves(englishMessages).keys()].sort(),
    );
  });

  it('never leave a text empty, and keep the same placeholders in both languages', () => {
    for (const [key, text] of spanish) {
      expect(typeof text, key).toBe('string');
      if (key !== 'ra.boolean.null') expect(String(text).trim(), key).not.toBe('');
      expect(placeholders(text), key).toEqual(placeholders(english.get(key)));
    }
  });

  it('shows Spanish by default and English once chosen', async () => {
    expect(i18nProvider.translate('menu.home')).toBe('Inicio');
    await i18nProvider.changeLocale('en');
    expect(i18nProvider.translate('menu.home')).toBe('Home');
    await i18nProvider.changeLocale('es');
    expect(i18nProvider.translate('app.language')).toBe('Idioma');
  });

  it('adds the later areas to the current language and to one chosen after', async () => {
    await loadLaterMessages();
    expect(i18nProvider.translate('factory.empty', { _: 'missing' })).not.toBe('missing');
    const spanishText = i18nProvider.translate('factory.empty');
    await i18nProvider.changeLocale('en');
    expect(i18nProvider.translate('factory.empty')).not.toBe(spanishText);
    await i18nProvider.changeLocale('es');
    expect(i18nProvider.translate('factory.empty')).toBe(spanishText);
  });
});
