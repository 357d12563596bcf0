// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { AdminContext, Form, type DataProvider } from 'react-admin';
import { useFormContext, useWatch } from 'react-hook-form';
import { field } from '../../../protocol/resource-schema';
import { GROUPS } from '../../../protocol/resources/groups';
import { i18nProvider } from '../../../src/i18n/i18nProvider';
import { ProjectReferenceInput } from '../../../src/resources/factory/ProjectReferenceInput';
import { definitionValidator } from '../../../src/resources/schema/fieldValidator';

// A reference to a project's resource (`projectField`, an MDM role's device groups): the picker
// asks the rows of the project the form names, and offers none while it names none; with
// `multiple` it picks several.

const group = {
  ...field('deviceGroup', 'reference', { reference: 'groups' }),
  projectField: 'project',
};
const groups = {
  ...field('deviceGroups', 'reference', { reference: 'groups', multiple: true }),
  projectField: 'project',
};

/** Another project chosen in the form, as its project picker would. */
function OtherProject({ source }: { source: string }) {
  const { setValue } = useFormContext();
  const picked = useWatch({ name: source }) as unknown;
  return (
    <>
      <button type="button" onClick={() => setValue('project', 6)}>
        otro
      </button>
      <output data-testid="group">{JSON.stringify(picked)}</output>
    </>
  );
}

function renderInput(record: Record<string, unknown>, input = group) {
  const rows = [
    { id: 3, ID: 3, NAME: 'Norte' },
    { id: 4, ID: 4, NAME: 'Sur' },
  ];
  const dataProvider = {
    getList: vi.fn(async () => ({ data: rows, total: rows.length })),
    getMany: vi.fn(async (_: string, { ids }: { ids: unknown[] }) => ({
      data: rows.filter((row) => ids.map(Number).includes(row.id)),
    })),
  } as unknown as DataProvider;
  render(
    <AdminContext i18nProvider={i18nProvider} dataProvider={dataProvider}>
      <Form record={record} resource="mdm-roles">
        <ProjectReferenceInput
          field={input}
          target={GROUPS}
          label="Grupo de dispositivos"
          validate={definitionValidator(input, 'Grupo de dispositivos', 'es')}
          disabled={false}
        />
        <OtherProject source={input.source} />
      </Form>
    </AdminContext>,
  );
  return dataProvider;
}

afterEach(cleanup);

describe('ProjectReferenceInput', () => {
  it("asks the rows of the record's project, and shows the one picked by its label", async () => {
    const provider = renderInput({ project: 5, deviceGroup: 3 });
    await waitFor(() =>
      expect(provider.getMany).toHaveBeenCalledWith(
        'groups',
        expect.objectContaining({ ids: [3], meta: { database: 5 } }),
      ),
    );
    await waitFor(() =>
      expect((screen.getByLabelText('Grupo de dispositivos') as HTMLInputElement).value).toBe(
        'Norte',
      ),
    );
    expect(provider.getList).toHaveBeenCalledWith(
      'groups',
      expect.objectContaining({ filter: expect.objectContaining({ database: 5 }) }),
    );
  });

  it('clears the row picked when the form names another project', async () => {
    const provider = renderInput({ project: 5, deviceGroup: 3 });
    await waitFor(() => expect(provider.getMany).toHaveBeenCalled());
    fireEvent.click(screen.getByText('otro'));
    await waitFor(() =>
      expect(provider.getList).toHaveBeenCalledWith(
        'groups',
        expect.objectContaining({ filter: expect.objectContaining({ database: 6 }) }),
      ),
    );
    await waitFor(() =>
      expect((screen.getByLabelText('Grupo de dispositivos') as HTMLInputElement).value).toBe(''),
    );
    await waitFor(() => expect(screen.getByTestId('group').textContent).toBe('null'));
  });

  it('picks several rows of the project with `multiple`, shown by their labels', async () => {
    const provider = renderInput({ project: 5, deviceGroups: [3] }, groups);
    await waitFor(() =>
      expect(provider.getMany).toHaveBeenCalledWith(
        'groups',
        expect.objectContaining({ ids: [3], meta: { database: 5 } }),
      ),
    );
    await waitFor(() => expect(screen.getByText('Norte')).toBeTruthy());
    fireEvent.mouseDown(screen.getByLabelText('Grupo de dispositivos'));
    fireEvent.click(await screen.findByRole('option', { name: 'Sur' }));
    await waitFor(() => expect(screen.getByTestId('group').textContent).toBe('[3,4]'));
    expect(provider.getList).toHaveBeenCalledWith(
      'groups',
      expect.objectContaining({ filter: expect.objectContaining({ database: 5 }) }),
    );
    // Another project: none of them.
    fireEvent.click(screen.getByText('otro'));
    await waitFor(() => expect(screen.getByTestId('group').textContent).toBe('[]'));
  });

  it('offers nothing while the record names no project', () => {
    const provider = renderInput({ project: null, deviceGroup: null });
    expect((screen.getByLabelText('Grupo de dispositivos') as HTMLInputElement).disabled).toBe(
      true,
    );
    expect(provider.getList).not.toHaveBeenCalled();
  });
});
