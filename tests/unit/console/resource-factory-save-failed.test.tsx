// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { AdminContext, Notification } from 'react-admin';
import { USERS } from '../../../protocol/resources/users';
import { ENVIRONMENTS } from '../../../protocol/resources/environments';
import type { ResourceDefinition } from '../../../protocol/resource-definition';
import { createDataProvider } from '../../../src/dataProvider';
import { i18nProvider } from '../../../src/i18n/i18nProvider';
import { useDefinitionSubmit } from '../../../src/resources/factory/useDefinitionSubmit';

function Save({ definition, values }: { definition: ResourceDefinition; values: object }) {
  const { submit } = useDefinitionSubmit(definition, null, null, () => undefined);
  return <button onClick={() => submit(values as Record<string, unknown>)}>Guardar</button>;
}

function renderSave(definition: ResourceDefinition, values: object) {
  const callService = vi.fn(async () => {
    throw new Error('El usuario ya existe');
  });
  render(
    <AdminContext
      dataProvider={createDataProvider(callService as never)}
      i18nProvider={i18nProvider}
    >
      <Save definition={definition} values={values} />
      <Notification />
    </AdminContext>,
  );
  fireEvent.click(screen.getByRole('button', { name: 'Guardar' }));
}

afterEach(cleanup);

describe('a refused save of a declared form', () => {
  it("puts the resource's words before the server's description (001 §8 'Operación fallida')", async () => {
    renderSave(USERS, { login: 'ana', email: 'ana@demo.flota.local', rights: 'USUARIO' });
    expect(await screen.findByText('Operación fallida: El usuario ya existe')).toBeTruthy();
  });

  it("shows the server's description alone for a resource without such words", async () => {
    renderSave(ENVIRONMENTS, { title: 'Sede', url: 'https://sede.example' });
    expect(await screen.findByText('El usuario ya existe')).toBeTruthy();
  });
});
