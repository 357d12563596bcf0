import { useGetList } from 'react-admin';
import type { MdmOrganization } from '../../dataProvider/mdmCalls';

/** The company's organization of a platform (at most three rows: one per platform), or undefined. */
export function useOrganization(platform: MdmOrganization['platform']) {
  const organizations = useGetList<MdmOrganization>('mdm-organizations', {
    pagination: { page: 1, perPage: 10 },
    sort: { field: 'platform', order: 'ASC' },
  });
  return {
    ...organizations,
    organization: organizations.data?.find((row) => row.platform === platform),
  };
}
