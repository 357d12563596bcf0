// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { I18nContextProvider, ListContextProvider, type ListControllerResult } from 'react-admin';
import { i18nProvider } from '../../../src/i18n/i18nProvider';
import { DevicePagination } from '../../../src/custom/devices/DevicePagination';

// The device list's pagination with an exact total and with a capped one ("more than 1,000":
// docs/decisions.md, "Device list totals"), in both languages.

afterEach(cleanup);

async function renderPagination(language: 'es' | 'en', total: number, capped: boolean) {
  await i18nProvider.changeLocale(language);
  const setPage = vi.fn();
  const value = {
    data: [],
    total,
    meta: capped ? { totalCapped: true } : undefined,
    page: 2,
    perPage: 100,
    isPending: false,
    isLoading: false,
    isFetching: false,
    setPage,
    setPerPage: vi.fn(),
    resource: 'devicelist',
  } as unknown as ListControllerResult;
  render(
    <I18nContextProvider value={i18nProvider}>
      <ListContextProvider value={value}>
        <DevicePagination />
      </ListContextProvider>
    </I18nContextProvider>,
  );
  return setPage;
}

describe('device list pagination', () => {
  it('shows an exact total with its last page', async () => {
    await renderPagination('es', 1234, false);
    expect(screen.getByText('101-200 de 1234')).toBeTruthy();
    expect(screen.getByRole('button', { name: /última/i })).toBeTruthy();
  });

  it('says "más de" a capped total, keeps the next page open and has no last page', async () => {
    const setPage = await renderPagination('es', 1000, true);
    // Spanish groups thousands from five digits on (the one number rule, src/i18n/formats.ts).
    expect(screen.getByTestId('device-total-capped').textContent).toBe('101–200 de más de 1000');
    expect(screen.queryByRole('button', { name: /última/i })).toBeNull();
    const next = screen.getByRole('button', { name: /siguiente/i });
    expect((next as HTMLButtonElement).disabled).toBe(false);
    fireEvent.click(next);
    expect(setPage).toHaveBeenCalledWith(3);
  });

  it('says "more than" in English', async () => {
    await renderPagination('en', 1000, true);
    expect(screen.getByTestId('device-total-capped').textContent).toBe(
      '101–200 of more than 1,000',
    );
    await i18nProvider.changeLocale('es');
  });
});
