import type { z } from 'zod';
import { fillTemplate } from './fill';
import { settingLabel } from './setting-labels';
import type { PolicyPlatform } from './policy-schema';

type Language = 'es' | 'en';

/**
 * What is wrong with a policy document, one sentence per problem, naming the setting by its path
 * in the document and its label, in the reader's language. Zod's own messages are English only
 * and name no setting, so each issue code has its sentence here.
 */
const TEXTS: Record<Language, Record<string, string>> = {
  es: {
    notObject: 'el documento de la política debe ser un objeto JSON',
    invalid_type: 'debe ser {expected}',
    too_small_number: 'debe ser como mínimo {minimum}',
    too_big_number: 'debe ser como máximo {maximum}',
    too_small_string: 'debe tener al menos {minimum} caracteres',
    too_big_string: 'debe tener como máximo {maximum} caracteres',
    too_small_array: 'debe tener al menos {minimum} elementos',
    too_big_array: 'admite como máximo {maximum} elementos',
    invalid_value: 'no admite ese valor (admite: {values})',
    invalid_format: 'no tiene el formato esperado',
    unrecognized_keys: 'no existe en las políticas de {platform}',
    oneKioskApp: 'solo puede haber una aplicación con installType KIOSK',
    kioskWithoutApp: 'necesita una aplicación con installType KIOSK',
    repeatedApp: 'la aplicación {value} está repetida',
    windowNeedsTimes: 'el tipo WINDOWED necesita startMinutes y endMinutes',
    wifiNeedsPassphrase: 'la red {value} tiene seguridad y necesita contraseña',
    notInCatalogue:
      'la aplicación {value} no está en el catálogo de aplicaciones gestionadas de la empresa',
    invalid: 'no es válido',
    boolean: 'sí o no (true o false)',
    number: 'un número',
    string: 'un texto',
    object: 'un objeto',
    array: 'una lista',
    refusal: 'La política no es válida: {problems}',
  },
  en: {
    notObject: 'the policy document must be a JSON object',
    invalid_type: 'must be {expected}',
    too_small_number: 'must be at least {minimum}',
    too_big_number: 'must be at most {maximum}',
    too_small_string: 'must have at least {minimum} characters',
    too_big_string: 'must have at most {maximum} characters',
    too_small_array: 'must have at least {minimum} items',
    too_big_array: 'takes at most {maximum} items',
    invalid_value: 'does not take that value (takes: {values})',
    invalid_format: 'is not in the expected format',
    unrecognized_keys: 'does not exist in {platform} policies',
    oneKioskApp: 'only one application may have installType KIOSK',
    kioskWithoutApp: 'needs an application with installType KIOSK',
    repeatedApp: 'the application {value} is repeated',
    windowNeedsTimes: 'the WINDOWED type needs startMinutes and endMinutes',
    wifiNeedsPassphrase: 'the network {value} is secured and needs a passphrase',
    notInCatalogue: "the application {value} is not in the company's managed-apps catalogue",
    invalid: 'is not valid',
    boolean: 'yes or no (true or false)',
    number: 'a number',
    string: 'a text',
    object: 'an object',
    array: 'a list',
    refusal: 'The policy is not valid: {problems}',
  },
};

const PLATFORM_NAMES: Record<PolicyPlatform, string> = {
  android: 'Android',
  ios: 'iOS',
  windows: 'Windows',
};

/** A path as one writes it in JSON: `passwordPolicies[0].passwordMinimumLength`. */
export function settingPath(path: readonly PropertyKey[]): string {
  return path
    .map((part, index) =>
      typeof part === 'number' ? `[${part}]` : `${index === 0 ? '' : '.'}${String(part)}`,
    )
    .join('');
}

/** The setting an issue is about: its path and, when known, the label of its group. */
function settingName(path: readonly PropertyKey[], platform: PolicyPlatform, language: Language) {
  const label = settingLabel(platform, path, language);
  return `«${settingPath(path)}»${label ? ` (${label})` : ''}`;
}

/** One problem of a document, in words. */
export function issueText(
  issue: z.core.$ZodIssue,
  platform: PolicyPlatform,
  language: Language,
): string {
  const t = TEXTS[language];
  const fill = (key: string, vars: Record<string, unknown> = {}) => fillTemplate(t[key], vars);
  switch (issue.code) {
    case 'unrecognized_keys':
      return issue.keys
        .map(
          (key) =>
            `${settingName([...issue.path, key], platform, language)} ${fill('unrecognized_keys', { platform: PLATFORM_NAMES[platform] })}`,
        )
        .join('; ');
    case 'custom': {
      const params = (issue.params ?? {}) as { rule?: string; value?: string };
      const sentence = params.rule && t[params.rule] ? fill(params.rule, params) : t.invalid;
      return issue.path.length === 0
        ? sentence
        : `${settingName(issue.path, platform, language)}: ${sentence}`;
    }
    default:
      return `${settingName(issue.path, platform, language)} ${problemText(issue, t, fill)}`;
  }
}

function problemText(
  issue: z.core.$ZodIssue,
  t: Record<string, string>,
  fill: (key: string, vars?: Record<string, unknown>) => string,
): string {
  switch (issue.code) {
    case 'invalid_type':
      return fill('invalid_type', { expected: t[issue.expected] ?? issue.expected });
    case 'too_small':
    case 'too_big': {
      const kind = ['string', 'array'].includes(issue.origin) ? issue.origin : 'number';
      const bound = issue.code === 'too_small' ? issue.minimum : issue.maximum;
      return fill(`${issue.code}_${kind}`, { minimum: bound, maximum: bound });
    }
    case 'invalid_value':
      return fill('invalid_value', { values: issue.values.map(String).join(', ') });
    case 'invalid_format':
      return t.invalid_format;
    default:
      return t.invalid;
  }
}

/** The refusal of a document: every problem (the first five), in one sentence. */
export function policyRefusalText(
  issues: readonly z.core.$ZodIssue[],
  platform: PolicyPlatform,
  language: Language,
): string {
  const problems = issues.slice(0, 5).map((issue) => issueText(issue, platform, language));
  return fillTemplate(TEXTS[language].refusal, {
    problems: problems.join('; ') + (issues.length > 5 ? '…' : ''),
  });
}

/** A refusal text that is not a zod issue (`notObject`, `notInCatalogue`). */
export function policyRuleText(
  rule: 'notObject' | 'notInCatalogue',
  language: Language,
  path: readonly PropertyKey[] = [],
  platform: PolicyPlatform = 'android',
  value = '',
): string {
  const sentence = fillTemplate(TEXTS[language][rule], { value });
  const problem = path.length ? `${settingName(path, platform, language)}: ${sentence}` : sentence;
  return fillTemplate(TEXTS[language].refusal, { problems: problem });
}
