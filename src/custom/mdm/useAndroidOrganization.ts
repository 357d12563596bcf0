import { useGetList } from 'react-admin';
import type { MdmOrganization } from '../../dataProvider/mdmCalls';

/** The company's android organization (at most three rows: one per platform), or undefined. */
export function useAndroidOrganization() {
  const organizations = useGetList<MdmOrganization>('mdm-organizations', {
    pagination: { page: 1, perPage: 10 },
    sort: { field: 'platform', order: 'ASC' },
  });
  return {
    ...organizations,
    android: organizations.data?.find((row) => row.platform === 'android'),
  };
}
