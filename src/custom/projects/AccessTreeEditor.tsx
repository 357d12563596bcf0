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
import {
  DATABASE_TREE,
  markWrite,
  uniformTree,
  type AccessNode,
  type TreeDefinition,
} from '../../../protocol/access-tree';
import { markShowByRules } from '../../../protocol/access-rules';

interface AccessTreeEditorProps {
  value: AccessNode[];
  onChange: (tree: AccessNode[]) => void;
  disabled?: boolean;
  /** The tree drawn: a project's (default) or a menu tree (protocol/menu-tree.ts). */
  definitions?: TreeDefinition;
  /** A node's label; by default the i18n key `access.nodes.<id>`. */
  labelOf?: (id: string) => string;
  /** A node's name for its boxes when short labels repeat ("Proyectos → Entornos → Nuevo"). */
  fullLabelOf?: (id: string) => string;
  /** The table's accessible name; by default the share's "access tree". */
  title?: string;
}

interface Row {
  node: AccessNode;
  depth: number;
}

function rowsOf(tree: readonly AccessNode[], depth = 0): Row[] {
  return tree.flatMap((node) => [{ node, depth }, ...rowsOf(node.nodes ?? [], depth + 1)]);
}

const PRESETS = {
  full: (definitions: TreeDefinition) => uniformTree(true, true, definitions),
  read: (definitions: TreeDefinition) => uniformTree(true, false, definitions),
  none: (definitions: TreeDefinition) => uniformTree(false, false, definitions),
} as const;

/** The two boxes of a node, each with its marking rules of 002 §4 (and the node's own, 002 §3). */
const MODES = [
  {
    mode: 'show',
    mark: (tree: AccessNode[], definitions: TreeDefinition, id: string, checked: boolean) =>
      markShowByRules(tree, definitions, id, checked),
    label: 'projects.share.show_node',
  },
  {
    mode: 'write',
    mark: (tree: AccessNode[], _definitions: TreeDefinition, id: string, checked: boolean) =>
      markWrite(tree, id, checked),
    label: 'projects.share.write_node',
  },
] as const;

/**
 * The per-database access tree of a share (jsonAccess, 002 §6): a 'view' and a 'modify' box per
 * section, ticked by the marking rules of 002 §4 (protocol/access-tree.ts), which the server
 * enforces with the same tree.
 */
export function AccessTreeEditor(props: AccessTreeEditorProps) {
  const {
    value,
    onChange,
    disabled,
    definitions = DATABASE_TREE,
    labelOf,
    fullLabelOf,
    title,
  } = props;
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
          <Button key={preset} onClick={() => onChange(PRESETS[preset](definitions))}>
            {translate(`projects.share.presets.${preset}`)}
          </Button>
        ))}
      </ButtonGroup>
      <Table size="small" aria-label={title ?? translate('projects.share.access')}>
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
            const label = labelOf ? labelOf(node.id) : translate(`access.nodes.${node.id}`);
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
                      onChange={(event) =>
                        onChange(mark(value, definitions, node.id, event.target.checked))
                      }
                      slotProps={{
                        input: {
                          'aria-label': translate(modeLabel, {
                            node: fullLabelOf ? fullLabelOf(node.id) : label,
                          }),
                        },
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
