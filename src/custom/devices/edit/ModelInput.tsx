import { Autocomplete, TextField } from '@mui/material';
import { useInput } from 'react-admin';

interface ModelInputProps {
  source: string;
  label: string;
  /** The models of the chosen platform. */
  models: string[];
  readOnly: boolean;
}

/**
 * The device model: one of its platform's models, or any other text, since devices report
 * models the project has not listed; such a model is shown as it is.
 */
export function ModelInput({ source, label, models, readOnly }: ModelInputProps) {
  const { field, id } = useInput({ source, readOnly });
  const value = typeof field.value === 'string' ? field.value : '';
  return (
    <Autocomplete
      freeSolo
      options={models}
      value={value}
      inputValue={value}
      onInputChange={(_event, text) => field.onChange(text === '' ? null : text)}
      onChange={(_event, chosen) => field.onChange(chosen || null)}
      onBlur={field.onBlur}
      readOnly={readOnly}
      disabled={readOnly}
      renderInput={(params) => (
        <TextField {...params} id={id} name={field.name} label={label} fullWidth />
      )}
    />
  );
}
