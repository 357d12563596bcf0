// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { AdminContext, type AuthProvider } from 'react-admin';
import { defineResource } from '../../../protocol/resource-definition';
import { field } from '../../../protocol/resource-schema';
import { createDataProvider } from '../../../src/dataProvider';
import { i18nProvider } from '../../../src/i18n/i18nProvider';
import { DefinitionDialog } from '../../../src/resources/factory/DefinitionDialog';
import { definitionValidator } from '../../../src/resources/schema/fieldValidator';

const email = field('email', 'text', {
  label: { es: 'Correo electrónico', en: 'E-mail' },
  required: true,
  format: 'email',
  create: true,
  edit: true,
});

const CONTACTS = defineResource({
  name: 'contacts',
  title: { one: { es: 'Contacto', en: 'Contact' }, many: { es: 'Contactos', en: 'Contacts' } },
  path: '/app/contacts',
  key: 'id',
  labelField: 'email',
  fields: [
    email,
    field('plan', 'choice', {
      label: { es: 'Plan', en: 'Plan' },
      create: true,
      default: 'B',
      choices: [
        { code: 'A', label: { es: 'Básico', en: 'Basic' } },
        { code: 'B', label: { es: 'Completo', en: 'Full' } },
      ],
    }),
    field('secret', 'password', { label: { es: 'Clave', en: 'Secret' }, create: true }),
    field('seats', 'int', {
      label: { es: 'Puestos', en: 'Seats' },
      create: true,
      shownWhen: { field: 'plan', is: ['A'] },
    }),
  ],
  verbs: {
    list: { permission: { role: 'user' }, call: { operation: 'contacts' } },
    create: { permission: { role: 'user' }, call: { operation: 'createContact' } },
  },
});

afterEach(cleanup);

describe('definition → validators', () => {
  it('says what the server says, in Spanish and in English', () => {
    expect(definitionValidator(email, 'Correo electrónico', 'es')('ana@')).toBe(
      'El campo Correo electrónico no es una dirección de correo válida.',
    );
    expect(definitionValidator(email, 'E-mail', 'en')('ana@')).toBe(
      'E-mail is not a valid e-mail address.',
    );
    expect(definitionValidator(email, 'Correo electrónico', 'es')('')).toBe(
      'El campo Correo electrónico es obligatorio.',
    );
    expect(definitionValidator(email, 'E-mail', 'en')(undefined)).toBe('E-mail is required.');
    expect(definitionValidator(email, 'E-mail', 'en')('ana@example.com')).toBeUndefined();
  });

  it('stars a required field and checks it before anything is sent', async () => {
    const callService = vi.fn(async () => ({ id: 9 }));
    const auth: AuthProvider = {
      login: async () => undefined,
      logout: async () => undefined,
      checkAuth: async () => undefined,
      checkError: async () => undefined,
      canAccess: async () => true,
    };
    render(
      <AdminContext
        dataProvider={createDataProvider(callService as never)}
        authProvider={auth}
        i18nProvider={i18nProvider}
      >
        <DefinitionDialog
          definition={CONTACTS}
          target="create"
          canDelete={false}
          onClose={() => undefined}
        />
      </AdminContext>,
    );
    const input = await screen.findByLabelText('Correo electrónico *', {}, { timeout: 5000 });
    expect((screen.getByLabelText('Clave') as HTMLInputElement).type).toBe('password');
    // The declared default of a choice, shown by its label.
    expect(screen.getByText('Completo')).toBeTruthy();
    fireEvent.change(input, { target: { value: 'ana@' } });
    fireEvent.click(screen.getByRole('button', { name: 'Guardar' }));
    expect(
      await screen.findByText('El campo Correo electrónico no es una dirección de correo válida.'),
    ).toBeTruthy();
    expect(callService).not.toHaveBeenCalled();
    // A field shown on a condition: only while the plan is the basic one.
    expect(screen.queryByLabelText('Puestos')).toBeNull();
    fireEvent.mouseDown(screen.getByRole('combobox', { name: /Plan/ }));
    fireEvent.click(await screen.findByRole('option', { name: 'Básico' }));
    expect(await screen.findByLabelText('Puestos')).toBeTruthy();
  });
});
