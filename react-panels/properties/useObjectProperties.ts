import { useEffect, useState } from 'react';
import type { Model, PropertyResult } from '../../core/index.js';

export interface ObjectProperties {
  isLoading: boolean;
  result: PropertyResult | null;
}

/** The properties of one object, fetched from its model's property database (in the loader worker). */
export function useObjectProperties(target: { model: Model; dbId: number } | null): ObjectProperties {
  const [state, setState] = useState<ObjectProperties>({ isLoading: false, result: null });
  const model = target?.model;
  const dbId = target?.dbId;
  useEffect(() => {
    if (!model || dbId === undefined) {
      setState({ isLoading: false, result: null });
      return;
    }
    let current = true;
    setState((old) => ({ isLoading: true, result: old.result }));
    model
      .getProperties(dbId)
      .then((result) => current && setState({ isLoading: false, result }))
      .catch(() => current && setState({ isLoading: false, result: null }));
    return () => {
      current = false;
    };
  }, [model, dbId]);
  return state;
}
