/** Messages of the devicelist area in both languages; merged into es.ts and en.ts. */
export const devicelistMessages = {
  es: {},
  en: {},
};
