import { ModuleRegistry, ValidationModule, type Module } from 'ag-grid-community';
import { LicenseManager } from 'ag-grid-enterprise';

let licensed = false;

/**
 * registerGridModules registers the ag-grid modules one screen uses (a smaller
 * bundle than AllEnterpriseModule; ag-grid keeps one registry, so each screen adds
 * its own) and, the first time, the licence key from VITE_AG_GRID_LICENSE_KEY
 * (without it ag-grid runs in trial mode). Development builds add ag-grid's validation.
 */
export function registerGridModules(modules: Module[]): void {
  if (!licensed) {
    licensed = true;
    const key = import.meta.env.VITE_AG_GRID_LICENSE_KEY as string | undefined;
    if (key) LicenseManager.setLicenseKey(key);
  }
  ModuleRegistry.registerModules([...modules, ...(import.meta.env.DEV ? [ValidationModule] : [])]);
}
