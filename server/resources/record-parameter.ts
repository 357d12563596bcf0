import { z } from 'zod';
import { labelOf, type ResourceDefinition } from '../../protocol/resource-definition';
import { isNumericField, type FieldSchema } from '../../protocol/resource-schema';
import {
  fieldProblem,
  problemText,
  type Language,
  type Problem,
} from '../../protocol/resource-validation';

/**
 * The zod parameter of a declared resource's create or edit call, built from the validation its
 * definition declares (protocol/resource-validation.ts), so that the server refuses exactly what
 * the console's inline validators refuse, with the same texts naming the field by its label.
 */

/** What a field's refusal carries to the route, which writes it in the caller's language. */
interface FieldIssueParams {
  flotaProblem: Problem;
  field: Pick<FieldSchema, 'source' | 'label' | 'hint' | 'requiredText'>;
}

/** Adds a declared field's refusal to a zod check, for the route to word by the field's label. */
function addFieldIssue(
  ctx: z.RefinementCtx,
  field: FieldSchema,
  problem: Problem,
  path: (string | number)[] = [],
) {
  const params: FieldIssueParams = {
    flotaProblem: problem,
    field: {
      source: field.source,
      label: field.label,
      hint: field.hint,
      requiredText: field.requiredText,
    },
  };
  const message = problemText(problem, field.source, 'en');
  ctx.addIssue({ code: 'custom', path, message, params });
}

/**
 * One declared text field of a hand-written parameter (the device dialog's `saveDevice`): a
 * trimmed text, absent or null (anything else is refused as not a text), checked and refused as `recordParameter` checks and refuses it.
 * @example z.object({ EMAIL: declaredText(field('EMAIL', 'text', { format: 'email' })) })
 */
export function declaredText(field: FieldSchema) {
  return z
    .unknown()
    .transform((value) => (typeof value === 'string' ? value.trim() : value))
    .superRefine((value, ctx) => {
      const problem = fieldProblem(field, value);
      if (problem) addFieldIssue(ctx, field, problem);
    })
    .transform((value) => value as string | null)
    .optional();
}

/** Empty texts are no value; numbers typed as text are numbers. */
function normalised(field: FieldSchema, value: unknown): unknown {
  if (value === undefined) return undefined;
  if (value === null || (typeof value === 'string' && value.trim() === '')) return null;
  if (isNumericField(field) && typeof value === 'string') return Number(value.trim());
  return value;
}

/**
 * `{...extra, ...fields}` for a create (the create fields) or an edit (the edit fields, those
 * given); computed and read-only fields are never taken, unknown keys are dropped. `extra` is
 * the rest of the call's parameter (the key of an edit, a project's `database`).
 * @example recordParameter(ENVIRONMENTS, 'edit', { id: rowIdSchema }).parse({ id: 3, name: 'Pruebas' })
 */
export function recordParameter<E extends z.ZodRawShape = Record<never, z.ZodType>>(
  definition: ResourceDefinition,
  mode: 'create' | 'edit',
  extra?: E,
  /** The names the call gives fields (the verb's `rename`): read and written under them. */
  rename: Readonly<Record<string, string>> = {},
) {
  const fields = definition.fields.filter(
    (f) => !f.computed && !f.readOnly && (mode === 'create' ? f.create : f.edit),
  );
  return z.looseObject(extra ?? ({} as E)).transform((input, ctx) => {
    const output: Record<string, unknown> = {};
    for (const key of Object.keys(extra ?? {})) output[key] = input[key];
    for (const field of fields) {
      const name = rename[field.source] ?? field.source;
      const value = input[name];
      // An edit leaves out what it does not change; a create starts from the declared default.
      if (value === undefined && mode === 'edit') continue;
      const given = value === undefined ? (field.default ?? undefined) : value;
      const problem = fieldProblem(field, given);
      if (problem) addFieldIssue(ctx, field, problem, [name]);
      else output[name] = normalised(field, given);
    }
    return output as z.infer<z.ZodObject<E>> & Record<string, unknown>;
  });
}

/**
 * The sentences of the declared fields' refusals in a zod error, in the caller's language, or
 * null when the error has none (then the route describes it as any other bad parameter).
 */
export function fieldIssueTexts(error: z.ZodError, language: Language): string | null {
  const texts = error.issues.flatMap((issue) => {
    const params = (issue as { params?: Partial<FieldIssueParams> }).params;
    if (!params?.flotaProblem || !params.field) return [];
    const { field } = params;
    return [
      problemText(
        params.flotaProblem,
        labelOf(field, language),
        language,
        field.hint,
        field.requiredText,
      ),
    ];
  });
  return texts.length > 0 ? texts.join(' ') : null;
}
