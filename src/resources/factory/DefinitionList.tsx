import { useCallback, useMemo, useState } from 'react';
import { Box, useMediaQuery, useTheme, type Theme } from '@mui/material';
import { List, useLocale, useRefresh, useStore, type Identifier, type RaRecord } from 'react-admin';
import { useNavigate } from 'react-router-dom';
import { customFieldsMeta } from '../../dataProvider/customFieldsMeta';
import type { ResourceDefinition } from '../../../protocol/resource-definition';
import { PageTitle } from '../../layout/PageTitle';
import { FilterRow } from '../schema/FilterRow';
import { filterableFields } from '../schema/filterRowModel';
import { knowDefinition } from '../declared';
import { useResourceSlots, type ResourceSlots } from '../slots';
import { DefinitionCards } from './DefinitionCards';
import { DefinitionDialog } from './DefinitionDialog';
import { DefinitionShow } from './DefinitionShow';
import { useDefinitionColumns } from './DefinitionColumns';
import { DefinitionTable } from './DefinitionTable';
import { useDefinitionFilters } from './definitionFilters';
import { EmptyList } from './EmptyList';
import { definitionOperators } from './filterOperators';
import { ListToolbar } from './ListToolbar';
import { ServerPagination } from './ServerPagination';
import { LocalList } from './LocalList';
import { DefinitionListUiContext, type DefinitionListUi } from './listUi';
import { useDefinitionAccess } from './permissions';
import { rowSxOf, withCurrent } from './rowColour';
import { useColumnChoiceKey } from './columnChoice';

type Row = RaRecord;

export interface DefinitionListProps {
  definition: ResourceDefinition;
  /** The project of a project resource: a permanent filter of the list and every call's `database`. */
  database?: number | null;
  /** The company's or project's name, for the exports. */
  owner: string;
  /**
   * A filter the caller cannot change, sent in the list call's `filter` as it is: an embedded
   * list's parent (the device whose files are listed).
   */
  fixedFilter?: Record<string, unknown>;
  /**
   * Inside another screen (a dialog's tab): no page title, and its sort, page and filters are
   * its own, not the address bar's nor the stored ones of the resource's screen.
   */
  embedded?: boolean;
  /**
   * The filter values the list opens with, as react-admin's filter values (a link from the home
   * page to the device list narrowed to a figure); the person may change them.
   */
  initialFilter?: Record<string, unknown>;
  /**
   * Rows the screen holds instead of the list call (a group's devices in its editor, changed in
   * memory until saved): sorted and paged in memory, never fetched.
   */
  data?: Row[];
  /** The table's accessible name, when the list is named by a heading of its screen. */
  label?: string;
  /** What a click on a row does instead of opening it (a picker ticks the row). */
  onOpen?: (record: Row) => void;
  /**
   * The hand-written parts of a definition made at run time (a table's rows), given by the
   * screen that made it, instead of those registered under its name (src/resources/slots.ts).
   */
  slots?: ResourceSlots;
  /** Values a new record starts with (a profile's link list: the profile). */
  initial?: Record<string, unknown>;
  /** The id of the row the screen has chosen elsewhere (the tables screen's table): shown selected. */
  current?: Identifier;
}

/**
 * The list of a declared resource: its search, per-column filter row, sortable columns, page
 * sizes, exports, row colours, bulk actions, row menu and empty state, with create and edit in a
 * dialog, each offered when the definition declares its verb and the caller is allowed it. The
 * table shows the columns the person chose (the definition's default set until they choose);
 * on a phone the list is a card per record, with a menu button for what a right-click offers.
 */
export function DefinitionList(props: DefinitionListProps) {
  const { definition, database, owner, fixedFilter, embedded = false, initialFilter, data } = props;
  const { current } = props;
  const language = useLocale() === 'en' ? 'en' : 'es';
  // Read at the first render, so that a phone never draws the table first.
  const isSmall = useMediaQuery<Theme>((theme) => theme.breakpoints.down('sm'), { noSsr: true });
  const { can, bulk } = useDefinitionAccess(definition, database);
  const [target, setTarget] = useState<Row | 'create' | null>(null);
  // Opened when the list opens with column filters, so that the person sees what narrows it.
  const [filterRowOpen, setFilterRowOpen] = useState(() => Boolean(initialFilter?.rowfilter));
  const operators = useMemo(() => definitionOperators(definition), [definition]);
  const hasFilterRow = filterableFields(definition.fields).length > 0;
  // A definition made at run time is known to the data provider and canAccess before the list
  // asks for its rows (a declared one already is).
  useMemo(() => knowDefinition(definition), [definition]);
  const declaredSlots = useResourceSlots(definition.name);
  const slots = props.slots ?? declaredSlots;
  const { header: Header, toolbar: Toolbar, footer: Footer, editor: Editor } = slots;
  // A resource whose forms are pages opens them by address; the others, in the dialog (or in
  // their own editor).
  const navigate = useNavigate();
  const onPage = definition.form === 'page' && !Editor;
  const edit = useCallback(
    (record: Row) =>
      onPage
        ? navigate(`${definition.path}/${encodeURIComponent(String(record.id))}`)
        : setTarget(record),
    [onPage, navigate, definition.path],
  );
  const openCreate = () => (onPage ? navigate(`${definition.path}/create`) : setTarget('create'));
  // Who may not edit a row sees it whole, read-only: in the generated view, or in the
  // resource's own editor when the caller may show it.
  const [shown, setShown] = useState<Row | null>(null);
  const refresh = useRefresh();
  // The screen's fixed filter over the definition's own (a narrowed list of another's rows).
  const fixed = definition.fixedFilter
    ? { ...definition.fixedFilter, ...fixedFilter }
    : fixedFilter;
  const permanent = {
    ...(database ? { database } : {}),
    ...(fixed ? { fixed } : {}),
  };
  const columns = useDefinitionColumns(definition, slots.rowActions);
  const columnChoice = useColumnChoiceKey(definition.name);
  const [hidden] = useStore<string[]>(columnChoice, definition.hiddenColumns ?? []);
  const filters = useDefinitionFilters(definition);
  const theme = useTheme();
  const rowSx = useMemo(
    () => withCurrent(rowSxOf(definition, theme), current, theme),
    [definition, theme, current],
  );
  const canCreate = can('create');
  const canEdit = can('edit');
  const canDelete = can('delete');
  const create = canCreate ? openCreate : undefined;
  const pageSizes = [...definition.perPage].sort((a, b) => a - b);
  const { rowAddress } = slots;
  const open =
    props.onOpen ??
    (rowAddress
      ? (record: Row) => navigate(rowAddress(record))
      : canEdit
        ? edit
        : Editor
          ? can('show')
            ? setTarget
            : undefined
          : setShown);
  const allFilters = [...filters, ...(slots.filters ?? [])];
  // A project's list keeps its sort, page and filters out of the address, which names the project.
  const ownParams = embedded || definition.scope === 'project';
  const ui: DefinitionListUi = {
    definition,
    database,
    owner,
    can,
    filterRow: hasFilterRow
      ? { open: filterRowOpen, toggle: () => setFilterRowOpen((shown) => !shown) }
      : null,
    open: (row) => (row === 'create' ? openCreate() : open?.(row)),
  };

  const view = {
    // The screen's title is its PageTitle (a project's list: the project screen's).
    title: false as const,
    filters: allFilters.length ? allFilters : undefined,
    pagination: slots.pagination ? (
      <slots.pagination />
    ) : (
      <ServerPagination rowsPerPageOptions={pageSizes} />
    ),
    // A list with nothing to offer above it (rows held in memory) draws no empty toolbar.
    actions: Boolean(canCreate || can('export') || Toolbar || ui.filterRow) && (
      <ListToolbar
        definition={definition}
        canCreate={canCreate}
        canExport={can('export')}
        owner={owner}
        onCreate={openCreate}
        extra={Toolbar ? <Toolbar database={database} /> : undefined}
        filterRow={
          ui.filterRow ? { open: filterRowOpen, onToggle: ui.filterRow.toggle } : undefined
        }
        columnChoice={isSmall ? undefined : columnChoice}
      />
    ),
    empty:
      slots.empty === false ? (
        (false as const)
      ) : (
        <EmptyList definition={definition} onCreate={create} />
      ),
    sx: LIST_SX,
  };
  const content = (
    <>
      {Header && <Header database={database} />}
      {filterRowOpen && <FilterRow schema={definition} operators={operators} />}
      {isSmall ? (
        <DefinitionCards
          definition={definition}
          hidden={hidden}
          rowSx={rowSx}
          canEdit={canEdit}
          canDelete={canDelete}
          bulk={bulk}
          database={database}
          onEdit={edit}
          onOpen={open}
          slots={slots}
          label={props.label}
        />
      ) : (
        <DefinitionTable
          definition={definition}
          columns={columns}
          rowSx={rowSx}
          canEdit={canEdit}
          canDelete={canDelete}
          bulk={bulk}
          database={database}
          onEdit={edit}
          onOpen={open}
          slots={slots}
          label={props.label}
          storeKey={columnChoice}
        />
      )}
      {Footer && <Footer database={database} />}
    </>
  );
  return (
    // react-admin's layout grows to fit its content; containment keeps a wide table from
    // widening the page, so the table scrolls inside its own box instead.
    <Box sx={{ minWidth: 0, maxWidth: '100%', contain: 'inline-size' }}>
      <DefinitionListUiContext.Provider value={ui}>
        {!embedded && definition.scope !== 'project' && (
          <PageTitle title={definition.title.many[language]} />
        )}
        {data ? (
          <LocalList
            data={data}
            resource={definition.name}
            sort={definition.sort}
            perPage={definition.perPage[0]}
            {...view}
          >
            {content}
          </LocalList>
        ) : (
          <List
            resource={definition.name}
            filter={Object.keys(permanent).length ? permanent : undefined}
            {...(ownParams ? { disableSyncWithLocation: true, storeKey: false as const } : {})}
            sort={definition.sort}
            filterDefaultValues={initialFilter}
            perPage={definition.perPage[0]}
            exporter={false}
            queryOptions={{
              // The company's custom fields: their filters and sorts go with the call.
              meta: customFieldsMeta(definition),
              ...(definition.refreshSeconds
                ? { refetchInterval: definition.refreshSeconds * 1000 }
                : {}),
            }}
            {...view}
          >
            {content}
          </List>
        )}
        <DefinitionShow definition={definition} record={shown} onClose={() => setShown(null)} />
        {Editor ? (
          <Editor
            database={database}
            target={target}
            onClose={(saved) => {
              setTarget(null);
              if (saved) refresh();
            }}
          />
        ) : (
          <DefinitionDialog
            definition={definition}
            target={target}
            canDelete={canDelete}
            database={database}
            initial={props.initial}
            onClose={() => setTarget(null)}
          />
        )}
      </DefinitionListUiContext.Provider>
    </Box>
  );
}

const LIST_SX = {
  '& .RaList-main, & .RaList-content': { minWidth: 0, maxWidth: '100%' },
  // On a phone the filters share a row (two to a row at 375 px) instead of each
  // taking the whole width, one under the other (issue 17, defect 6).
  // The filters take their own width, and the toolbar's buttons the rest.
  '& form:has(> .filter-field)': { columnGap: 1, flex: { md: '0 1 auto' } },
  '& .filter-field': {
    width: 'auto',
    flex: { xs: '1 1 9rem', sm: '0 0 auto' },
  },
  '& .filter-field .MuiFormControl-root': { width: '100%' },
  '& .RaFilterFormInput-spacer': { display: { xs: 'none', sm: 'block' } },
} as const;
