import { useCallback } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { readListQuery, writeListQuery, type ListQuery } from './list-query';

/** The list's query, kept in the address; a change of filter starts again at page 1. */
export function useListQuery(): [ListQuery, (change: Partial<ListQuery>) => void] {
  const { search } = useLocation();
  const navigate = useNavigate();
  const query = readListQuery(search);
  const update = useCallback(
    (change: Partial<ListQuery>) => {
      const next = { ...readListQuery(search), page: 1, ...change };
      void navigate({ search: writeListQuery(next) });
    },
    [navigate, search],
  );
  return [query, update];
}
