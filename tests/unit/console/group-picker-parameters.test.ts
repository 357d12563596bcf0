import { describe, expect, it } from 'vitest';
import { GROUP_PICKER } from '../../../protocol/resources/group-picker';
import { listParameter, type ServiceCall } from '../../../src/dataProvider/definitionParameters';

const call = GROUP_PICKER.verbs.list!.call as ServiceCall;
const params = (filter: Record<string, unknown>) => ({
  pagination: { page: 2, perPage: 10 },
  sort: { field: 'OWNER', order: 'DESC' as const },
  filter: { database: 7, ...filter },
});

describe('the group picker list call (devicesWithPages, short)', () => {
  it('sends the platform as its own parameter and the column filters in filter', () => {
    const parameter = {
      ...call.fixed,
      ...listParameter(
        GROUP_PICKER,
        params({ platform: 'ANDROID', rowfilter: { MID: 'abc' } }),
        call,
      ),
    };
    expect(parameter).toEqual({
      status: 'short',
      database: 7,
      platform: 'ANDROID',
      datatable: { start: 10, length: 10, orderBy: 'OWNER', orderDir: 'desc' },
      filter: { MID: 'abc' },
    });
  });

  it('leaves the platform out when every platform is shown', () => {
    expect(listParameter(GROUP_PICKER, params({ platform: '' }), call)).not.toHaveProperty(
      'platform',
    );
  });
});
