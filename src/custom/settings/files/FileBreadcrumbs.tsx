import { Breadcrumbs, Link, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';

/** The folder shown, from the project's root, each parent a link back to it. */
export function FileBreadcrumbs({
  folder,
  onOpen,
}: {
  folder: string;
  onOpen(path: string): void;
}) {
  const translate = useTranslate();
  const segments = folder ? folder.split('/') : [];
  const crumbs = [
    { name: translate('projectFiles.root'), path: '' },
    ...segments.map((name, i) => ({ name, path: segments.slice(0, i + 1).join('/') })),
  ];
  return (
    <Breadcrumbs
      aria-label={translate('projectFiles.path')}
      sx={{ mb: 1, '& ol': { flexWrap: 'wrap' }, wordBreak: 'break-all' }}
    >
      {crumbs.map((crumb, i) =>
        i === crumbs.length - 1 ? (
          <Typography key={crumb.path} color="text.primary" aria-current="location">
            {crumb.name}
          </Typography>
        ) : (
          <Link
            key={crumb.path}
            component="button"
            type="button"
            underline="hover"
            onClick={() => onOpen(crumb.path)}
          >
            {crumb.name}
          </Link>
        ),
      )}
    </Breadcrumbs>
  );
}
