import {
  Button,
  ButtonGroup,
  Checkbox,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
} from '@mui/material';
import { useTranslate } from 'react-admin';
import { markShow, markWrite, uniformTree, type AccessNode } from '../../../protocol/access-tree';

interface AccessTreeEditorProps {
  value: AccessNode[];
  onChange: (tree: AccessNode[]) => void;
  disabled?: boolean;
}

interface Row {
  node: AccessNode;
  depth: number;
}

function rowsOf(tree: readonly AccessNode[], depth = 0): Row[] {
  return tree.flatMap((node) => [{ node, depth }, ...rowsOf(node.nodes ?? [], depth + 1)]);
}

const PRESETS = {
  full: () => uniformTree(true, true),
  read: () => uniformTree(true, false),
  none: () => uniformTree(false, false),
} as const;

/** The two boxes of a node, each with its marking rule of 002 §4. */
const MODES = [
  { mode: 'show', mark: markShow, label: 'projects.share.show_node' },
  { mode: 'write', mark: markWrite, label: 'projects.share.write_node' },
] as const;

/**
 * The per-database access tree of a share (jsonAccess, 002 §6): a 'view' and a 'modify' box per
 * section, ticked by the marking rules of 002 §4 (protocol/access-tree.ts), which the server
 * enforces with the same tree.
 */
export function AccessTreeEditor({ value, onChange, disabled }: AccessTreeEditorProps) {
  const translate = useTranslate();
  return (
    <Stack spacing={1}>
      <ButtonGroup
        size="small"
        variant="outlined"
        disabled={disabled}
        sx={{ alignSelf: 'flex-start' }}
      >
        {(Object.keys(PRESETS) as (keyof typeof PRESETS)[]).map((preset) => (
          <Button key={preset} onClick={() => onChange(PRESETS[preset]())}>
            {translate(`projects.share.presets.${preset}`)}
          </Button>
        ))}
      </ButtonGroup>
      <Table size="small" aria-label={translate('projects.share.access')}>
        <TableHead>
          <TableRow>
            <TableCell>{translate('projects.share.node')}</TableCell>
            <TableCell padding="checkbox" align="center">
              {translate('projects.share.show')}
            </TableCell>
            <TableCell padding="checkbox" align="center">
              {translate('projects.share.write')}
            </TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {rowsOf(value).map(({ node, depth }) => {
            const label = translate(`access.nodes.${node.id}`);
            return (
              <TableRow key={node.id} data-node={node.id}>
                <TableCell
                  component="th"
                  scope="row"
                  sx={{ pl: 2 + depth * 2.5, fontWeight: depth === 0 ? 500 : 400 }}
                >
                  {label}
                </TableCell>
                {MODES.map(({ mode, mark, label: modeLabel }) => (
                  <TableCell key={mode} padding="checkbox" align="center">
                    <Checkbox
                      size="small"
                      checked={node[mode]}
                      disabled={disabled}
                      onChange={(event) => onChange(mark(value, node.id, event.target.checked))}
                      slotProps={{
                        input: { 'aria-label': translate(modeLabel, { node: label }) },
                      }}
                    />
                  </TableCell>
                ))}
              </TableRow>
            );
          })}
        </TableBody>
      </Table>
    </Stack>
  );
}
