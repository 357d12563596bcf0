/** The part of node-polyglot (react-admin's translator) that src/i18n/i18nProvider.ts uses. */
declare module 'node-polyglot' {
  interface PolyglotOptions {
    locale?: string;
    phrases?: object;
  }
  export default class Polyglot {
    constructor(options?: PolyglotOptions);
    extend(phrases: object, prefix?: string): void;
    t(key: string, options?: number | Record<string, unknown>): string;
  }
}
