import type { MessageKey } from './messages';

/** Fastify's own refusals, mapped to our texts; anything else is an internal error. */
export const frameworkErrors: Record<string, { key: MessageKey; status: number }> = {
  FST_ERR_CTP_INVALID_JSON_BODY: { key: 'badJson', status: 400 },
  FST_ERR_CTP_EMPTY_JSON_BODY: { key: 'badJson', status: 400 },
  FST_ERR_CTP_BODY_TOO_LARGE: { key: 'tooLarge', status: 413 },
  FST_ERR_CTP_INVALID_MEDIA_TYPE: { key: 'badMediaType', status: 415 },
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: { key: 'badRequest', status: 400 },
};
