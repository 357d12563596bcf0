import { useState, type UIEvent } from 'react';
import { Autocomplete, Box, TextField, Typography } from '@mui/material';
import { useInfiniteQuery } from '@tanstack/react-query';
import { useDataProvider, useTranslate } from 'react-admin';
import type { FlotaDataProvider } from '../../dataProvider';
import type { ShareUserRow } from '../../dataProvider/projectCalls';
import { useDebouncedValue } from '../search/useDebouncedValue';
import { PROJECT_LISTS_KEY } from './projectLists';

/** Users are read 20 at a time; scrolling to the end of the list reads the next 20. */
export const USER_PAGE = 20;

interface ShareUserPickerProps {
  value: ShareUserRow | null;
  onChange: (user: ShareUserRow | null) => void;
  disabled?: boolean;
}

/** Picks a user of the caller's company, searched on the server as the name is typed. */
export function ShareUserPicker({ value, onChange, disabled }: ShareUserPickerProps) {
  const translate = useTranslate();
  const dataProvider = useDataProvider<FlotaDataProvider>();
  const [text, setText] = useState('');
  const q = useDebouncedValue(value && text === value.login ? '' : text.trim(), 300);
  const users = useInfiniteQuery({
    queryKey: [...PROJECT_LISTS_KEY, 'usersForShare', q],
    queryFn: ({ pageParam, signal }) =>
      dataProvider.usersForShare(
        {
          ...(q ? { q } : {}),
          datatable: { start: pageParam, length: USER_PAGE, orderDir: 'asc' },
        },
        signal,
      ),
    initialPageParam: 0,
    getNextPageParam: (last, pages) => {
      const read = pages.reduce((sum, page) => sum + page.data.length, 0);
      return read < Number(last.total) && last.data.length > 0 ? read : undefined;
    },
  });
  const options = users.data?.pages.flatMap((page) => page.data) ?? [];
  const readMore = (event: UIEvent<HTMLElement>) => {
    const list = event.currentTarget;
    const atEnd = list.scrollTop + list.clientHeight >= list.scrollHeight - 40;
    if (atEnd && users.hasNextPage && !users.isFetchingNextPage) void users.fetchNextPage();
  };
  return (
    <Autocomplete
      value={value}
      onChange={(_event, user) => onChange(user)}
      inputValue={text}
      onInputChange={(_event, next) => setText(next)}
      options={options}
      // The server filters; the list shows what it answered.
      filterOptions={(all) => all}
      getOptionLabel={(user) => user.login}
      isOptionEqualToValue={(option, chosen) => option.id === chosen.id}
      loading={users.isFetching}
      loadingText={translate('projects.share.loading_users')}
      noOptionsText={translate('projects.share.no_users')}
      disabled={disabled}
      renderOption={({ key, ...props }, user) => (
        <Box component="li" key={key} {...props}>
          <div>
            <Typography>{user.login}</Typography>
            <Typography variant="caption" color="text.secondary">
              {[user.email, user.admin ? translate('projects.share.admin') : '']
                .filter(Boolean)
                .join(' · ')}
            </Typography>
          </div>
        </Box>
      )}
      slotProps={{ listbox: { onScroll: readMore } }}
      renderInput={(params) => (
        <TextField
          {...params}
          label={translate('projects.share.user')}
          helperText={translate('projects.share.user_help')}
        />
      )}
    />
  );
}
