import AddIcon from '@mui/icons-material/Add';
import BlockIcon from '@mui/icons-material/Block';
import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import DeleteIcon from '@mui/icons-material/Delete';
import DeselectIcon from '@mui/icons-material/Deselect';
import EditIcon from '@mui/icons-material/Edit';
import FilterListIcon from '@mui/icons-material/FilterList';
import SelectAllIcon from '@mui/icons-material/SelectAll';
import SystemUpdateIcon from '@mui/icons-material/SystemUpdate';
import VisibilityIcon from '@mui/icons-material/Visibility';
import type { DeviceAction } from './deviceMenuItems';

/** The label key and icon of each device action, shared by the menu and the toolbars. */
export const ACTION_LABELS: Record<DeviceAction, { label: string; Icon: typeof AddIcon }> = {
  new: { label: 'resources.devicelist.action.new', Icon: AddIcon },
  update: { label: 'resources.devicelist.action.update', Icon: SystemUpdateIcon },
  selectAll: { label: 'resources.devicelist.action.select_all', Icon: SelectAllIcon },
  unselect: { label: 'resources.devicelist.action.unselect', Icon: DeselectIcon },
  edit: { label: 'resources.devicelist.action.edit', Icon: EditIcon },
  view: { label: 'show_only.view', Icon: VisibilityIcon },
  enable: { label: 'resources.devicelist.action.enable', Icon: CheckCircleIcon },
  disable: { label: 'resources.devicelist.action.disable', Icon: BlockIcon },
  columnFilter: { label: 'resources.devicelist.action.column_filter', Icon: FilterListIcon },
  delete: { label: 'resources.devicelist.action.delete', Icon: DeleteIcon },
};
