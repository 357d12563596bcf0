import { alpha, Box, Stack, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import { useDefinitionListUi } from '../../resources/factory/listUi';

/** What the row colours mean (000 §4): each colour rule of the list, by its state's name. */
export function StateLegend() {
  const translate = useTranslate();
  const { definition } = useDefinitionListUi();
  return (
    <Stack
      component="ul"
      direction="row"
      aria-label={translate('resources.devicelist.legend')}
      sx={{ flexWrap: 'wrap', columnGap: 2, rowGap: 0.5, listStyle: 'none', m: 0, px: 1, py: 0.5 }}
    >
      {definition.rowColours.map(({ equals, colour }) => (
        <Stack
          component="li"
          key={String(equals)}
          direction="row"
          spacing={0.75}
          sx={{ alignItems: 'center' }}
        >
          <Box
            aria-hidden
            sx={(theme) => {
              const main =
                colour === 'disabled' ? theme.palette.text.disabled : theme.palette[colour].main;
              return {
                width: 14,
                height: 14,
                borderRadius: 0.5,
                backgroundColor: alpha(main, 0.3),
                border: `1px solid ${main}`,
              };
            }}
          />
          <Typography variant="caption">
            {translate(`resources.devicelist.status.${String(equals)}`)}
          </Typography>
        </Stack>
      ))}
    </Stack>
  );
}
