/** Texts the server puts in error descriptions, in the console's two languages. */
const texts = {
  es: {
    badEnvelope: 'La petición debe ser un objeto JSON {operation, parameter}.',
    badJson: 'El cuerpo de la petición no es JSON válido.',
    badMediaType: 'El cuerpo de la petición debe ser JSON (Content-Type: application/json).',
    tooLarge: 'La petición es demasiado grande (máximo {limit} bytes).',
    unknownOperation: 'Operación desconocida: {operation}.',
    badParameter: 'Parámetro no válido para {operation}: {detail}',
    forbidden: 'No tiene permiso para {operation}.',
    noToken: 'Falta el token de acceso (cabecera Authorization: Bearer).',
    notFound: 'No existe el recurso {url}.',
    internal: 'Error interno del servidor. Se ha registrado para su revisión.',
    badRequest: 'Petición no válida.',
  },
  en: {
    badEnvelope: 'The request must be a JSON object {operation, parameter}.',
    badJson: 'The request body is not valid JSON.',
    badMediaType: 'The request body must be JSON (Content-Type: application/json).',
    tooLarge: 'The request is too large (at most {limit} bytes).',
    unknownOperation: 'Unknown operation: {operation}.',
    badParameter: 'Invalid parameter for {operation}: {detail}',
    forbidden: 'You are not allowed to {operation}.',
    noToken: 'The access token is missing (Authorization: Bearer header).',
    notFound: 'There is no resource {url}.',
    internal: 'Internal server error. It has been logged for review.',
    badRequest: 'Invalid request.',
  },
} as const;

export type MessageKey = keyof (typeof texts)['es'];
export type Language = keyof typeof texts;

/** The caller's language from Accept-Language; Spanish unless English comes first. */
export function languageOf(acceptLanguage: string | undefined): Language {
  return acceptLanguage?.trim().toLowerCase().startsWith('en') ? 'en' : 'es';
}

export function message(
  language: Language,
  key: MessageKey,
  vars: Record<string, string | number> = {},
): string {
  return texts[language][key].replace(/\{(\w+)\}/g, (_, name: string) => String(vars[name] ?? ''));
}
