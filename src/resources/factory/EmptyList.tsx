import AddIcon from '@mui/icons-material/Add';
import InboxIcon from '@mui/icons-material/Inbox';
import { Stack, Typography } from '@mui/material';
import { Button, useLocale, useTranslate } from 'react-admin';
import type { ResourceDefinition } from '../../../protocol/resource-definition';

/** What a declared list shows before it has any record: a sentence, and create when allowed. */
export function EmptyList({
  definition,
  onCreate,
}: {
  definition: ResourceDefinition;
  onCreate?: () => void;
}) {
  const translate = useTranslate();
  const language = useLocale() === 'en' ? 'en' : 'es';
  return (
    <Stack spacing={2} sx={{ alignItems: 'center', py: 6, px: 2, textAlign: 'center' }}>
      <InboxIcon sx={{ fontSize: 56, color: 'text.secondary' }} aria-hidden />
      <Typography color="text.secondary">
        {translate('factory.empty', { resource: definition.title.many[language] })}
      </Typography>
      {onCreate && (
        <Button label="ra.action.create" variant="contained" onClick={onCreate}>
          <AddIcon />
        </Button>
      )}
    </Stack>
  );
}
