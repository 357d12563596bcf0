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

// A reference to a project's resource (`projectField`, an MDM role's device group): the picker
// asks the rows of the project the form names, and offers none while it names none.

const group = {
  ...field('deviceGroup', 'reference', { reference: 'groups' }),
  projectField: 'project',
};

/** Another project chosen in the form, as its project picker would. */
function OtherProject() {
  const { setValue } = useFormContext();
  const picked = useWatch({ name: 'deviceGroup' }) as unknown;
  return (
    <>
      <button type="button" onClick={() => setValue('project', 6)}>
        otro
      </button>
      <output data-testid="group">{String(picked)}</output>
    </>
  );
}

function renderInput(record: Record<string, unknown>) {
  const rows = [{ id: 3, ID: 3, NAME: 'Norte' }];
  const dataProvider = {
    getList: vi.fn(async () => ({ data: rows, total: 1 })),
    getMany: vi.fn(async () => ({ data: rows })),
  } as unknown as DataProvider;
  render(
    <AdminContext i18nProvider={i18nProvider} dataProvider={dataProvider}>
      <Form record={record} resource="mdm-roles">
        <ProjectReferenceInput
          field={group}
          target={GROUPS}
          label="Grupo de dispositivos"
          validate={definitionValidator(group, 'Grupo de dispositivos', 'es')}
          disabled={false}
        />
        <OtherProject />
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

  it('offers nothing while the record names no project', () => {
    const provider = renderInput({ project: null, deviceGroup: null });
    expect((screen.getByLabelText('Grupo de dispositivos') as HTMLInputElement).disabled).toBe(
      true,
    );
    expect(provider.getList).not.toHaveBeenCalled();
  });
});
