import { lighten, type Theme, type ThemeOptions } from '@mui/material/styles';

type Owner = { 'aria-label'?: string };

/**
 * Theme defaults that keep MUI's components accessible where the libraries above them are not.
 * react-admin names its row and page checkboxes with an `aria-label` on the checkbox, which MUI
 * puts on the wrapping span (a name axe-core refuses there, and an input without one). The
 * name is moved to the input itself.
 */
export const ACCESSIBLE_DEFAULTS: ThemeOptions = {
  // Text in these colours on the page (and white on them) reaches WCAG AA's 4.5:1: MUI's and
  // react-admin's defaults do not (the app bar's #2196f3 gives 3.1:1, primary text 4.4:1,
  // warning text 3.1:1, info text 4.0:1).
  palette: {
    primary: { main: '#1565c0', light: '#1976d2', dark: '#0d47a1' },
    secondary: { main: '#1565c0', light: '#1976d2', dark: '#0d47a1' },
    warning: { main: '#b45309', light: '#d97706', dark: '#92400e' },
    info: { main: '#01579b', light: '#0288d1', dark: '#003c6c' },
    // A field in error stars its label in this colour on a filled input's grey (#f0f0f0):
    // MUI's #d32f2f gives 4.4:1 there.
    error: { main: '#c62828', light: '#d32f2f', dark: '#b71c1c' },
  },
  components: {
    // The selection bar of every list: react-admin paints it lighten(primary.light, 0.8), on
    // which its primary buttons read at 4.38:1; a lighter tint gives 5.0:1 (issue 17).
    RaBulkActionsToolbar: {
      styleOverrides: {
        root: ({ theme }: { theme: Theme }) =>
          theme.palette.mode === 'light'
            ? {
                '& .RaBulkActionsToolbar-toolbar': {
                  backgroundColor: lighten(theme.palette.primary.light, 0.9),
                },
              }
            : {},
      },
    },
    MuiCheckbox: {
      defaultProps: {
        slotProps: {
          root: (owner: Owner) => (owner['aria-label'] ? { 'aria-label': undefined } : {}),
          input: (owner: Owner) =>
            owner['aria-label'] ? { 'aria-label': owner['aria-label'] } : {},
        },
      },
    },
  },
} as ThemeOptions;
