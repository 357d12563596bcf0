import { describe, expect, it, vi } from 'vitest';
import { warnWhenEmpty } from '../../../src/layout/emptyDownload';
import { i18nProvider } from '../../../src/i18n/i18nProvider';

describe('an empty download (001 §8, 002 §8)', () => {
  it('is warned about in the console language; a file with bytes is not', () => {
    const notify = vi.fn();
    const warn = warnWhenEmpty(notify);
    expect(warn(12)).toBe(12);
    expect(notify).not.toHaveBeenCalled();
    warn(0);
    expect(notify).toHaveBeenCalledWith('app.empty_download', { type: 'warning' });
    expect(i18nProvider.translate('app.empty_download')).toBe('El fichero descargado está vacío.');
  });
});
