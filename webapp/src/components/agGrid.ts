import { ModuleRegistry, ValidationModule, type Module } from 'ag-grid-community';
import { LicenseManager } from 'ag-grid-enterprise';

let licensed = false;

/**
 * registerGridModules registers the ag-grid modules one screen uses (a smaller
 * bundle than AllEnterpriseModule; ag-grid keeps one registry, so each screen adds
 * its own) and, the first time, the licence key: the server's configuration
 * (PRICELENS_AGGRID_LICENSE_KEY, written into index.html as <meta name="aggrid-license">),
 * else VITE_AG_GRID_LICENSE_KEY at build time. Without one ag-grid runs in trial mode
 * (its notice in the console, a watermark). Development builds add ag-grid's validation.
 */
export function registerGridModules(modules: Module[]): void {
  if (!licensed) {
    licensed = true;
    const key = licenceKey(document.querySelector<HTMLMetaElement>('meta[name="aggrid-license"]')?.content, import.meta.env.VITE_AG_GRID_LICENSE_KEY as string | undefined);
    if (key) LicenseManager.setLicenseKey(key);
  }
  ModuleRegistry.registerModules([...modules, ...(import.meta.env.DEV ? [ValidationModule] : [])]);
}

/** licenceKey is the key to register: the server's, else the build's; none (undefined) when both are blank. */
export function licenceKey(served: string | undefined, built: string | undefined): string | undefined {
  return served?.trim() || built?.trim() || undefined;
}
