import type { ReactNode } from 'react';
import { Box, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import { Title } from './Title';

/** Out of sight, still read by screen readers (MUI's visuallyHidden). */
const VISUALLY_HIDDEN = {
  border: 0,
  clip: 'rect(0 0 0 0)',
  height: '1px',
  margin: '-1px',
  overflow: 'hidden',
  padding: 0,
  position: 'absolute',
  whiteSpace: 'nowrap',
  width: '1px',
} as const;

interface PageTitleProps {
  /** An i18n key, or a text already translated. */
  title: string;
  /** Beside the heading on a phone and alone at the right from 600 px (a project picker). */
  children?: ReactNode;
}

/**
 * How every screen names itself (issue 17, defect 6): the top bar shows the title from 600 px,
 * and the page holds it as its heading of level 1, seen on a phone (where the bar has no room
 * for it) and kept for screen readers only from 600 px, so the title is never shown twice.
 * @example <PageTitle title="pricing.title" />
 */
export function PageTitle({ title, children }: PageTitleProps) {
  const translate = useTranslate();
  const text = translate(title, { _: title });
  const heading = (
    <Typography
      variant="h5"
      component="h1"
      sx={(theme) => ({
        overflowWrap: 'anywhere',
        [theme.breakpoints.up('sm')]: VISUALLY_HIDDEN,
      })}
    >
      {text}
    </Typography>
  );
  return (
    <>
      <Title title={text} />
      {children ? (
        <Box
          sx={{
            display: 'flex',
            flexWrap: 'wrap',
            gap: 2,
            alignItems: 'center',
            justifyContent: { xs: 'space-between', sm: 'flex-end' },
            mt: 2,
          }}
        >
          {heading}
          {children}
        </Box>
      ) : (
        heading
      )}
    </>
  );
}
