import type { Identifier } from 'ra-core';
import { accessCalls } from './accessCalls';
import type { CallService } from './callService';

/** The calls of company user administration beyond the declared verbs (docs/users.md). */
export function userCalls(callService: CallService) {
  return {
    ...accessCalls(callService),
    /** Whether a value is still free, by the field's `available` operation. */
    valueAvailable: (operation: string, value: string, id?: Identifier, signal?: AbortSignal) =>
      callService<{ available: boolean }>(
        operation,
        { value, ...(id === undefined ? {} : { id: Number(id) }) },
        signal,
      ),
    lockUser: (id: Identifier, tolock: boolean) =>
      callService<{ id: number; active: boolean }>('lockUser', { idusr: Number(id), tolock }),
  };
}

export type UserCalls = ReturnType<typeof userCalls>;
