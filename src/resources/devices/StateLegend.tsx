import { Box, Stack, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import { STATE_CODES, stateTint, STATE_COLOURS } from './rowColours';

/** What the row colours mean (000 §4). */
export function StateLegend() {
  const translate = useTranslate();
  return (
    <Stack
      component="ul"
      direction="row"
      aria-label={translate('resources.devicelist.legend')}
      sx={{ flexWrap: 'wrap', columnGap: 2, rowGap: 0.5, listStyle: 'none', m: 0, px: 1, py: 0.5 }}
    >
      {STATE_CODES.map((state) => (
        <Stack
          component="li"
          key={state}
          direction="row"
          spacing={0.75}
          sx={{ alignItems: 'center' }}
        >
          <Box
            aria-hidden
            sx={(theme) => ({
              width: 14,
              height: 14,
              borderRadius: 0.5,
              backgroundColor: stateTint(theme, state, true),
              border: `1px solid ${theme.palette[STATE_COLOURS[state]].main}`,
            })}
          />
          <Typography variant="caption">
            {translate(`resources.devicelist.status.${state}`)}
          </Typography>
        </Stack>
      ))}
    </Stack>
  );
}
