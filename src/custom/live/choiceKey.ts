/** The store key prefix of a person's live device choice, kept across sign-outs (src/store.ts). */
export const LIVE_CHOICE_PREFIX = 'live.choice.';
