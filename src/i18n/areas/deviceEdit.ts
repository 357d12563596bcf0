/** Messages of the deviceEdit area in both languages; merged into es.ts and en.ts. */
export const deviceEditMessages = {
  es: {},
  en: {},
};
