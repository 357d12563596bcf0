// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { AdminContext, Form } from 'react-admin';
import { field, type ResourceSchema } from '../../../protocol/resource-schema';
import { i18nProvider } from '../../../src/i18n/i18nProvider';
import { SchemaInputs } from '../../../src/resources/schema/SchemaInputs';

const schema: ResourceSchema = {
  name: 'devicelist',
  node: 'devices',
  key: 'ID',
  fields: [
    field('ID', 'int', { edit: true, readOnly: true }),
    field('MID', 'text', { edit: true, required: true, maxLength: 64 }),
    field('NOTES', 'text', { edit: true, maxLength: 2000, label: { es: 'Notas', en: 'Notes' } }),
    field('COMMENT', 'text', { edit: true, label: { es: 'Comentario', en: 'Comment' } }),
    field('BOUGHT', 'date', { edit: true, label: { es: 'Compra', en: 'Bought' } }),
    field('CREATED', 'datetime', { edit: true, label: { es: 'Alta', en: 'Created' } }),
    field('ACTIVE', 'boolean', { edit: true, label: { es: 'Activo', en: 'Active' } }),
    field('STATUS', 'int'),
  ],
};

function renderForm(
  record: Record<string, unknown>,
  props: { readOnly?: boolean } = {},
  onSubmit = vi.fn(),
) {
  render(
    <AdminContext i18nProvider={i18nProvider}>
      <Form record={record} onSubmit={onSubmit} resource="devicelist">
        <SchemaInputs schema={schema} {...props} />
        <button type="submit">enviar</button>
      </Form>
    </AdminContext>,
  );
  return onSubmit;
}

afterEach(cleanup);

describe('SchemaInputs', () => {
  it('renders one input per edited field, labelled by i18n or by the field its own label', () => {
    renderForm({ ID: 7, MID: 'abc' });
    expect((screen.getByLabelText('MID *') as HTMLInputElement).value).toBe('abc');
    expect(screen.getByLabelText('Notas')).toBeTruthy();
    expect(screen.queryByLabelText(/Estado de provisión/)).toBeNull();
    const id = screen.getByLabelText('ID') as HTMLInputElement;
    expect(id.value).toBe('7');
    expect(id.readOnly).toBe(true);
  });

  it('gives a date field a date picker and a datetime field a date and time picker', () => {
    renderForm({ BOUGHT: '2025-03-04', CREATED: '2025-03-04T10:20:00Z' });
    expect((screen.getByLabelText('Compra') as HTMLInputElement).type).toBe('date');
    expect((screen.getByLabelText('Alta') as HTMLInputElement).type).toBe('datetime-local');
    expect((screen.getByLabelText('Activo') as HTMLInputElement).type).toBe('checkbox');
  });

  it('edits long text in a text area: declared longer than 250, or already longer', () => {
    renderForm({ MID: 'abc', COMMENT: 'x'.repeat(300) });
    expect(screen.getByLabelText('Notas').tagName).toBe('TEXTAREA');
    expect(screen.getByLabelText('Comentario').tagName).toBe('TEXTAREA');
    expect(screen.getByLabelText('MID *').tagName).toBe('INPUT');
  });

  it('keeps a short text without declared length in a one-line input', () => {
    renderForm({ COMMENT: 'corto' });
    expect(screen.getByLabelText('Comentario').tagName).toBe('INPUT');
  });

  it('shows the required message on submit and does not submit', async () => {
    const onSubmit = renderForm({ ID: 1, MID: '' });
    fireEvent.click(screen.getByText('enviar'));
    // The server's own sentence, naming the field by its label.
    expect(await screen.findByText('El campo MID es obligatorio.')).toBeTruthy();
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('refuses a text longer than its maxLength', async () => {
    const onSubmit = renderForm({ MID: 'm'.repeat(65) });
    fireEvent.click(screen.getByText('enviar'));
    expect(await screen.findByText(/64 caracteres/)).toBeTruthy();
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('submits the values when valid', async () => {
    const onSubmit = renderForm({ ID: 1, MID: 'abc' });
    fireEvent.change(screen.getByLabelText('MID *'), { target: { value: 'abcd' } });
    fireEvent.click(screen.getByText('enviar'));
    await waitFor(() => expect(onSubmit).toHaveBeenCalled());
    expect(onSubmit.mock.calls[0][0]).toMatchObject({ ID: 1, MID: 'abcd' });
  });

  it('makes every input read-only in view mode', () => {
    renderForm({ ID: 1, MID: 'abc' }, { readOnly: true });
    // react-admin renders a read-only input as read-only or as disabled, depending on the input.
    const locked = (label: string) => {
      const input = screen.getByLabelText(label) as HTMLInputElement;
      return input.readOnly || input.disabled;
    };
    for (const label of ['ID', 'MID *', 'Notas', 'Compra', 'Alta', 'Activo'])
      expect(locked(label), label).toBe(true);
  });
});
