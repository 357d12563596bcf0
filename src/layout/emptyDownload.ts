import type { useNotify } from 'react-admin';

/**
 * After a download: a file of no bytes is warned about (001 §8, 002 §8 "Download of an empty
 * file shows a warning"); the browser saved it all the same.
 */
export function warnWhenEmpty(notify: ReturnType<typeof useNotify>) {
  return (size: number) => {
    if (size === 0) notify('app.empty_download', { type: 'warning' });
    return size;
  };
}
