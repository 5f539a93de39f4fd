import { useEffect } from 'react';
import type { CatalogCosts } from '../../../shared/domain/toolSearch';
import { useToolCostsStore } from '../../stores/StoresContext';

/** The catalogue's costs under the settings, read once when first shown (then kept current). */
export function useCatalogCosts(): CatalogCosts | null {
  const costs = useToolCostsStore((s) => s.catalog);
  const refresh = useToolCostsStore((s) => s.refresh);
  useEffect(() => {
    if (!costs) void refresh();
  }, [costs, refresh]);
  return costs;
}
