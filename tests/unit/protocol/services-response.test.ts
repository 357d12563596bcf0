import { describe, expect, it } from 'vitest';
import { servicesResponse } from '../../../protocol/envelope';

describe('servicesResponse', () => {
  it('says recordsTotal in a paged result and beside it (001 §7), keeping total', () => {
    const answer = servicesResponse({ data: [{ ID: 1 }], total: 41 });
    expect(answer).toEqual({
      error: { code: '0', description: '' },
      result: { data: [{ ID: 1 }], total: 41, recordsTotal: 41 },
      recordsTotal: 41,
    });
  });

  it("repeats a grid's own recordsTotal beside the result", () => {
    const grid = { Columns: [], Datas: [], recordsTotal: 7 };
    expect(servicesResponse(grid)).toEqual({
      error: { code: '0', description: '' },
      result: grid,
      recordsTotal: 7,
    });
  });

  it('leaves any other result as it is', () => {
    for (const result of [null, 3, 'x', [1, 2], { data: [] }, { total: 2 }]) {
      expect(servicesResponse(result)).toEqual({ error: { code: '0', description: '' }, result });
    }
  });
});
