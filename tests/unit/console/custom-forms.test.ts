import { describe, expect, it } from 'vitest';
import { customFieldBodySchema } from '../../../protocol/custom-entity';
import { customFieldBody } from '../../../src/custom/customEntities/customForms';

describe('the custom field dialog', () => {
  it('sends only the inputs of the type chosen, and no help when none is written', () => {
    const body = customFieldBody({
      name: 'seats',
      type: 'integer',
      label: { es: 'Plazas', en: 'Seats' },
      required: true,
      min: 1,
      max: 9,
      pattern: 'left from a text',
      maxLength: 10,
      help: { es: '', en: '' },
    });
    expect(body).toEqual({
      name: 'seats',
      type: 'integer',
      label: { es: 'Plazas', en: 'Seats' },
      required: true,
      min: 1,
      max: 9,
      help: null,
    });
    expect(customFieldBodySchema.safeParse({ resource: 'managed-apps', ...body }).success).toBe(
      true,
    );
  });

  it("makes a choice's codes texts, as the server takes them", () => {
    const body = customFieldBody({
      name: 'kind',
      type: 'choice',
      label: { es: 'Tipo', en: 'Kind' },
      choices: [{ code: ' van ', label: { es: 'Furgoneta', en: 'Van' } }],
    });
    expect(body.choices).toEqual([{ code: 'van', label: { es: 'Furgoneta', en: 'Van' } }]);
  });
});
