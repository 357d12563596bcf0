import type { TranslationMessages } from 'ra-core';

type Messages = Record<string, unknown>;

const isObject = (value: unknown): value is Messages =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** Deep-merges the messages of each area (src/i18n/areas) into a language's base messages. */
export function mergeMessages<Base extends object = TranslationMessages>(
  base: Base,
  ...areas: Messages[]
): Base {
  const merge = (target: Messages, source: Messages): Messages => {
    const out: Messages = { ...target };
    for (const [key, value] of Object.entries(source)) {
      out[key] = isObject(value) && isObject(out[key]) ? merge(out[key] as Messages, value) : value;
    }
    return out;
  };
  return areas.reduce<Messages>(merge, base as Messages) as Base;
}
