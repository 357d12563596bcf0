import CheckIcon from '@mui/icons-material/Check';
import CloseIcon from '@mui/icons-material/Close';
import { formatDate, formatDateTime } from '../../i18n/formats';
import { useLocale, useTranslate } from 'react-admin';
import { choiceLabel, isDateField, type FieldSchema } from '../../../protocol/resource-schema';
import { toDate } from './cellValue';

/**
 * One cell of a schema list: codes by their labels, dates in the console language, booleans as
 * icons, the rest as text.
 */
export function FieldValue({ field, value }: { field: FieldSchema; value: unknown }) {
  const locale = useLocale();
  const translate = useTranslate();
  if (value === null || value === undefined || value === '') return null;
  const language = locale === 'en' ? 'en' : 'es';
  if (field.choices && field.codeList) {
    const codes = String(value).split(' ').filter(Boolean);
    return <>{codes.map((code) => choiceLabel(field, code, language)).join(', ')}</>;
  }
  if (field.choices) return <>{choiceLabel(field, value, language)}</>;
  if (isDateField(field)) {
    const date = toDate(value);
    if (!date) return <>{String(value)}</>;
    const text = field.type === 'date' ? formatDate(date, locale) : formatDateTime(date, locale);
    return <time dateTime={date.toISOString()}>{text}</time>;
  }
  if (field.type === 'boolean') {
    const Icon = value ? CheckIcon : CloseIcon;
    return (
      <Icon
        fontSize="small"
        color={value ? 'success' : 'disabled'}
        titleAccess={translate(value ? 'ra.boolean.true' : 'ra.boolean.false')}
      />
    );
  }
  return <>{String(value)}</>;
}
