import CheckIcon from '@mui/icons-material/Check';
import CloseIcon from '@mui/icons-material/Close';
import { useLocale, useTranslate } from 'react-admin';
import { isDateField, type FieldSchema } from '../../../protocol/resource-schema';
import { toDate } from '../schema/cellValue';
import { cellText } from './cellText';
import { ConnectionChip } from '../presence/ConnectionChip';
import { LastSeen } from '../presence/LastSeen';

/** One cell of a declared list: a boolean as an icon with its spoken label, the rest as text. */
export function DefinitionValue({ field, value }: { field: FieldSchema; value: unknown }) {
  const locale = useLocale();
  const translate = useTranslate();
  const language = locale === 'en' ? 'en' : 'es';
  if (field.display === 'presence') return <ConnectionChip online={value === true} />;
  if (field.display === 'relative') return <LastSeen value={value} />;
  if (field.type === 'boolean' && value !== null && value !== undefined) {
    const Icon = value ? CheckIcon : CloseIcon;
    return (
      <Icon
        fontSize="small"
        color={value ? 'success' : 'disabled'}
        titleAccess={translate(value ? 'ra.boolean.true' : 'ra.boolean.false')}
        sx={{ verticalAlign: 'middle' }}
      />
    );
  }
  const text = cellText(field, value, language);
  const date = isDateField(field) ? toDate(value) : null;
  if (date) return <time dateTime={date.toISOString()}>{text}</time>;
  return <>{text}</>;
}
