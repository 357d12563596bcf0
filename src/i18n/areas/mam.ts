/** Messages of the mam area in both languages; merged into es.ts and en.ts. */
export const mamMessages = {
  es: {},
  en: {},
};
