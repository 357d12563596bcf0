import { useMemo } from 'react';
import { useSearchParams } from 'react-router-dom';

/**
 * The filter values the address gives the device list (`/app/devicelist?database=3&filter={…}`,
 * react-admin's own `filter` parameter; the home page's figures link so, protocol/fleet.ts), and
 * the text they came from, which keys the list so that a new link opens it anew. Anything that
 * is not a JSON object is no filter.
 */
export function useAddressFilter(): { key: string; filter?: Record<string, unknown> } {
  const [params] = useSearchParams();
  const text = params.get('filter') ?? '';
  return useMemo(() => {
    if (!text) return { key: '' };
    try {
      const value: unknown = JSON.parse(text);
      return value && typeof value === 'object' && !Array.isArray(value)
        ? { key: text, filter: value as Record<string, unknown> }
        : { key: '' };
    } catch {
      return { key: '' };
    }
  }, [text]);
}
