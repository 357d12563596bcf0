import { useState } from 'react';
import {
  Autocomplete,
  Box,
  Checkbox,
  FormControlLabel,
  IconButton,
  List,
  ListItem,
  ListItemText,
  TextField,
  Typography,
} from '@mui/material';
import DeleteIcon from '@mui/icons-material/Delete';
import { useQuery } from '@tanstack/react-query';
import { useDataProvider, useTranslate } from 'react-admin';
import type { GroupUser } from '../../../../protocol/groups';
import type { FlotaDataProvider } from '../../../dataProvider';
import type { GroupCandidate } from '../../../dataProvider/groupCalls';
import { useDebouncedValue } from '../../search/useDebouncedValue';

interface GroupUsersProps {
  database: number;
  users: GroupUser[];
  publish: number[];
  readOnly: boolean;
  onChange(users: GroupUser[], publish: number[]): void;
}

/** The users who manage the group: added by a search of who reaches the project. */
export function GroupUsers({ database, users, publish, readOnly, onChange }: GroupUsersProps) {
  const translate = useTranslate();
  const dataProvider = useDataProvider<FlotaDataProvider>();
  const [text, setText] = useState('');
  const q = useDebouncedValue(text.trim(), 200);
  const candidates = useQuery({
    queryKey: ['flota', 'groupCandidates', database, q],
    queryFn: ({ signal }) => dataProvider.groupCandidates(database, q, signal),
    enabled: !readOnly,
  });
  const taken = new Set(users.map((u) => u.IDUSER));
  const options = (candidates.data?.data ?? []).filter((u) => !taken.has(u.IDUSER));
  const add = (user: GroupCandidate | null) => {
    if (!user) return;
    onChange([...users, { IDGROUP: null, ...user }], publish);
    setText('');
  };
  const remove = (id: number) =>
    onChange(
      users.filter((u) => u.IDUSER !== id),
      publish.filter((p) => p !== id),
    );
  const togglePublish = (id: number, on: boolean) =>
    onChange(users, on ? [...publish, id] : publish.filter((p) => p !== id));
  return (
    <Box component="section" aria-labelledby="group-users-title" sx={{ mt: 2 }}>
      <Typography id="group-users-title" variant="subtitle1" component="h3">
        {translate('groups.editor.users')}
      </Typography>
      {!readOnly && (
        <Autocomplete
          value={null}
          onChange={(_event, user) => add(user)}
          inputValue={text}
          onInputChange={(_event, next, reason) => reason !== 'reset' && setText(next)}
          options={options}
          filterOptions={(all) => all}
          getOptionLabel={(user) => user.LOGIN}
          loading={candidates.isFetching}
          loadingText={translate('groups.editor.loading')}
          noOptionsText={translate('ra.navigation.no_results')}
          renderOption={({ key, ...props }, user) => (
            <li key={key} {...props}>
              <ListItemText primary={user.LOGIN} secondary={user.EMAIL} />
            </li>
          )}
          renderInput={(params) => (
            <TextField
              {...params}
              size="small"
              label={translate('groups.editor.search_user')}
              helperText={translate('groups.editor.users_help')}
            />
          )}
          sx={{ mt: 1, maxWidth: 420 }}
        />
      )}
      {users.length === 0 ? (
        <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
          {translate('groups.editor.no_users')}
        </Typography>
      ) : (
        <List dense>
          {users.map((user) => (
            <ListItem
              key={user.IDUSER}
              divider
              sx={{ flexWrap: 'wrap', columnGap: 2 }}
              secondaryAction={
                readOnly ? undefined : (
                  <IconButton
                    edge="end"
                    aria-label={translate('groups.editor.remove_named', { name: user.LOGIN })}
                    onClick={() => remove(user.IDUSER)}
                  >
                    <DeleteIcon fontSize="small" />
                  </IconButton>
                )
              }
            >
              <ListItemText primary={user.LOGIN} secondary={user.EMAIL} sx={{ minWidth: 140 }} />
              <FormControlLabel
                sx={{ mr: 5 }}
                control={
                  <Checkbox
                    size="small"
                    checked={publish.includes(user.IDUSER)}
                    disabled={readOnly}
                    onChange={(event) => togglePublish(user.IDUSER, event.target.checked)}
                  />
                }
                label={translate('groups.editor.publish')}
              />
            </ListItem>
          ))}
        </List>
      )}
    </Box>
  );
}
