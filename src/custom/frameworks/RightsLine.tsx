import { Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import type { FrameworkEnvironment } from '../../dataProvider/frameworkCalls';

const RIGHTS = ['generate', 'download', 'publish', 'delete'] as const;

/** The caller's rights in the chosen environment, in words, under the page's parameters. */
export function RightsLine({ environment }: { environment: FrameworkEnvironment }) {
  const translate = useTranslate();
  const held = RIGHTS.filter((right) => environment[right]);
  const some = environment.generate || environment.download || environment.publish;
  return (
    <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
      {some
        ? translate('frameworks.rights', {
            list: held.map((right) => translate(`frameworks.right.${right}`)).join(', '),
          })
        : translate('frameworks.no_rights')}
    </Typography>
  );
}
