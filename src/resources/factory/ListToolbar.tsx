import AddIcon from '@mui/icons-material/Add';
import { Button, TopToolbar } from 'react-admin';
import type { ResourceDefinition } from '../../../protocol/resource-definition';
import { ExportMenu } from '../schema/ExportMenu';
import { useListPageFetcher } from '../schema/useListPageFetcher';

interface ListToolbarProps {
  definition: ResourceDefinition;
  canCreate: boolean;
  canExport: boolean;
  /** The company's or project's name, for the PDF title and the file names. */
  owner: string;
  onCreate(): void;
}

/** The list's actions: create (when offered and allowed) and the exports. */
export function ListToolbar({
  definition,
  canCreate,
  canExport,
  owner,
  onCreate,
}: ListToolbarProps) {
  return (
    <TopToolbar>
      {canCreate && (
        <Button label="ra.action.create" onClick={onCreate}>
          <AddIcon />
        </Button>
      )}
      {canExport && <Exports definition={definition} owner={owner} />}
    </TopToolbar>
  );
}

function Exports({ definition, owner }: { definition: ResourceDefinition; owner: string }) {
  const fetchPage = useListPageFetcher();
  return <ExportMenu schema={definition} fetchPage={fetchPage} project={owner} />;
}
