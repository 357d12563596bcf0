import { Alert, Box, Skeleton } from '@mui/material';
import { usePermissions, useTranslate } from 'react-admin';
import { CERTIFICATES } from '../../../protocol/resources/certificates';
import { SHARED_COMPANIES } from '../../../protocol/resources/shared-companies';
import { isAdmin } from '../../../protocol/roles';
import type { FlotaPermissions } from '../../authProvider';
import { useSession } from '../../dataProvider';
import { PageTitle } from '../../layout/PageTitle';
import { CompanyCard } from './CompanyCard';
import { EmbeddedResourceList } from './EmbeddedResourceList';

/**
 * /app/organization (002 §2): the company's data, the companies it shares projects with, and its
 * certificates (uploaded, listed, shared, deleted: docs/decisions.md, "Organization and security").
 */
export default function OrganizationPage() {
  const translate = useTranslate();
  const { permissions } = usePermissions<FlotaPermissions>();
  const { data: session } = useSession();
  const profile = permissions?.profile;
  if (!profile || !session) return <Skeleton variant="rounded" height={240} />;
  if (!profile.cia) return <Alert severity="info">{translate('home.no_company')}</Alert>;
  const owner = session.company?.name ?? '';
  return (
    <Box sx={{ p: { xs: 1, sm: 2 }, maxWidth: 1100 }}>
      <PageTitle title="organization.title" />
      <CompanyCard companyId={Number(profile.cia)} admin={isAdmin(profile)} />
      <EmbeddedResourceList definition={SHARED_COMPANIES} owner={owner} />
      <EmbeddedResourceList
        definition={CERTIFICATES}
        owner={owner}
        intro="organization.certificates_intro"
      />
    </Box>
  );
}
