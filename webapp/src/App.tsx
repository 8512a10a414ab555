import { lazy, Suspense, useEffect, useState, type ReactNode } from 'react';
import { matchPath, navigate, RouterProvider, useLocation } from './lib/router';
import { setGlobalErrorHandler } from './lib/api';
import { useUI } from './store/ui';
import { SignIn, Logout } from './features/auth/SignIn';
import { SetPassword } from './features/auth/SetPassword';
import { AccountChooser } from './features/account/AccountChooser';
import { RequireAccount, useSession } from './lib/session';
import { canReadResource } from './lib/permissions';
import { PermName, Resource } from './api/permissions.gen';
import type { PermissionName } from './lib/permissions';
import { getLoginConfig } from './features/auth/api/login';
import { Layout } from './features/shell/Layout';
import { ErrorPage, NotFound, PermissionDenied } from './components/ErrorPage';
import { GlobalOverlays } from './features/shell/GlobalOverlays';
import { ReportIndex } from './features/reports/ReportIndex';
import { SavedReports } from './features/saved/SavedReports';
import { Alerts } from './features/saved/Alerts';
import { AccountSettings } from './features/settings/AccountSettings';
import { TrendScreen, TREND_REPORTS } from './features/trend/TrendScreen';
import { InsightsList, InsightDetail } from './features/insights/Insights';
import { KeyMetricsPerformance } from './features/trend/KeyMetricsPerformance';
import { NewShell } from './features/admin/NewShell';
import { HomeDashboard } from './features/home/HomeDashboard';
import { ProductPage } from './features/product/ProductPage';
import { forgetPrefetched, prefetchReport } from './features/tabular/prefetch';
import type { PricerPageName } from './features/pricer/PricerPage';

// The dynamic pricer pages (their results grids carry ag-grid) load on demand.
const PricerPage = lazy(() => import('./features/pricer/PricerPage'));
const pricer = (page: PricerPageName) => (
  <Suspense fallback={<div className="page-loading">Loading...</div>}>
    <PricerPage page={page} />
  </Suspense>
);

// The assortment reports and the real-time view carry ag-grid too: loaded when opened.
const AssortmentReport = lazy(() => import('./features/tabular/GridReport').then((m) => ({ default: m.AssortmentReport })));
const RealTimeView = lazy(() => import('./features/tabular/GridReport').then((m) => ({ default: m.RealTimeView })));

// The tabular screen carries ag-grid: load it on demand so sign-in stays light,
// but start at once when the address is a report, in parallel with the session calls.
type TabularComponent = (typeof import('./features/tabular/TabularReport'))['default'];
let loadedTabular: TabularComponent | null = null;
let loadingTabular: Promise<TabularComponent> | null = null;
const loadTabular = () =>
  (loadingTabular ??= import('./features/tabular/TabularReport').then((m) => {
    loadedTabular = m.default;
    return m.default;
  }));

/**
 * TabularReport renders the screen as soon as its code is loaded. It does not go
 * through React.lazy and Suspense: React holds a suspended boundary's content back
 * for up to 300 ms after its fallback was shown, which on a cold page load put the
 * screen (and its first requests) 300 ms late.
 */
function TabularReport(props: { id: string; share: boolean }) {
  const [C, setC] = useState<TabularComponent | null>(() => loadedTabular);
  useEffect(() => {
    if (C) return;
    let live = true;
    loadTabular().then((c) => live && setC(() => c), () => {});
    return () => {
      live = false;
    };
  }, [C]);
  if (!C) return <div className="page-loading">Loading...</div>;
  return <C {...props} />;
}
const firstPath = typeof window !== 'undefined' ? window.location.pathname : '';
if (typeof window !== 'undefined') {
  const m = /^\/pricing\/(type|share)\/([^/]+)\/?$/.exec(window.location.pathname);
  if (m) {
    void loadTabular();
    // A predefined report's columns, first block and count go out with the session calls;
    // not when the address selects another account first (setAccount must come before),
    // nor for a pricing insight's products (?insight=: another condition than the prefetched one).
    const q = new URLSearchParams(window.location.search);
    if (m[1] === 'type' && !q.has('account_id') && !q.has('insight')) prefetchReport(decodeURIComponent(m[2]));
  }
}

/** Preload fetches the grid code while the user is on another signed-in page. */
function Preload() {
  useEffect(() => {
    const id = window.setTimeout(() => void loadTabular(), 0);
    return () => window.clearTimeout(id);
  }, []);
  return null;
}

type Route = {
  pattern: string;
  render: (p: Record<string, string>) => ReactNode;
  /** resource whose read:any the user needs (route guard, docs/product.md §2). */
  resource?: number;
  /** a permission the screen needs to be viewed at all ("view report", docs/product.md §6). */
  view?: PermissionName;
  public?: boolean;
};

const routes: Route[] = [
  { pattern: '/login', public: true, render: () => <SignIn /> },
  { pattern: '/login/sso', public: true, render: () => <SignIn /> },
  { pattern: '/login/OneLogin', public: true, render: () => <SignIn /> },
  { pattern: '/login/logout', public: true, render: () => <Logout /> },
  { pattern: '/login/reset', public: true, render: () => <SetPassword /> },
  { pattern: '/account', public: true, render: () => <AccountChooser withAuth={false} /> },
  { pattern: '/switch_account', public: true, render: () => <AccountChooser withAuth={true} /> },
  { pattern: '/', render: () => <HomeRedirect /> },
  { pattern: '/pricing', resource: Resource.Reports, view: PermName.ViewReport, render: () => <ReportIndex /> },
  { pattern: '/pricing/reports', resource: Resource.Reports, view: PermName.ViewReport, render: () => <ReportIndex /> },
  { pattern: '/pricing/type/:id', resource: Resource.Reports, view: PermName.ViewReport, render: (p) => <TabularReport key={'t' + p.id} id={p.id} share={false} /> },
  {
    pattern: '/pricing/assortment/:type',
    resource: Resource.Reports,
    view: PermName.ViewReport,
    render: (p) => (
      <Suspense fallback={<div className="page-loading">Loading...</div>}>
        <AssortmentReport type={p.type} />
      </Suspense>
    ),
  },
  {
    pattern: '/pricing/assortment/:type/type/:id',
    resource: Resource.Reports,
    view: PermName.ViewReport,
    render: (p) => (
      <Suspense fallback={<div className="page-loading">Loading...</div>}>
        <AssortmentReport key={p.type + '/' + p.id} type={p.type} id={p.id} />
      </Suspense>
    ),
  },
  {
    pattern: '/pricing/real_time',
    resource: Resource.Reports,
    view: PermName.ViewReport,
    render: () => (
      <Suspense fallback={<div className="page-loading">Loading...</div>}>
        <RealTimeView />
      </Suspense>
    ),
  },
  { pattern: '/pricing/share/:id', resource: Resource.Reports, view: PermName.ViewReport, render: (p) => <TabularReport key={'s' + p.id} id={p.id} share={true} /> },
  { pattern: '/trend/:name', resource: Resource.Reports, view: PermName.ViewReport, render: (p) => <TrendScreen key={p.name} name={p.name} /> },
  { pattern: '/trend/:name/type/:id', resource: Resource.Reports, view: PermName.ViewReport, render: (p) => <TrendScreen key={'t' + p.id} name={p.name} id={p.id} /> },
  { pattern: '/trend/:name/share/:id', resource: Resource.Reports, view: PermName.ViewReport, render: (p) => <TrendScreen key={'s' + p.id} name={p.name} id={p.id} share /> },
  { pattern: '/saved_reports', resource: Resource.Reports, view: PermName.ViewReport, render: () => <SavedReports /> },
  { pattern: '/alerts', resource: Resource.LabelsAndAlerts, render: () => <Alerts /> },
  { pattern: '/settings', resource: Resource.ApplicationSettings, render: () => <AccountSettings /> },
  { pattern: '/insights', render: () => <InsightsList /> },
  { pattern: '/insights/analytics', render: () => <KeyMetricsPerformance /> },
  { pattern: '/insights/:id', render: (p) => <InsightDetail id={p.id} /> },
  { pattern: '/new/repricing/dynamic_pricer', resource: Resource.DynamicPricer, render: () => pricer('dynamic_pricer') },
  { pattern: '/new/repricing/results', resource: Resource.DynamicPricer, render: () => pricer('results') },
  { pattern: '/new/repricing/simulation_results', resource: Resource.DynamicPricer, render: () => pricer('simulation_results') },
  { pattern: '/new/repricing/audit_log', resource: Resource.DynamicPricer, render: () => pricer('audit_log') },
  { pattern: '/new/repricing/upload_files', resource: Resource.DynamicPricer, render: () => pricer('upload_files') },
  { pattern: '/new/repricing/approval', resource: Resource.DynamicPricer, render: () => pricer('approval') },
  { pattern: '/new/repricing/manual_approval_audit', resource: Resource.DynamicPricer, render: () => pricer('manual_approval_audit') },
  { pattern: '/new/product/:id', resource: Resource.Reports, view: PermName.ViewReport, render: (p) => <ProductPage key={p.id} id={p.id} /> },
  { pattern: '/new/home/dashboard', render: () => <HomeDashboard /> },
  { pattern: '/new/:a/:b', render: (p) => <NewShell parts={[p.a, p.b]} /> },
  { pattern: '/new/:a/:b/:c', render: (p) => <NewShell parts={[p.a, p.b, p.c]} /> },
  { pattern: '/system', render: () => <SystemPage /> },
  { pattern: '/error', render: () => <ErrorPage status={500} title="Something went wrong, please retry!" message="An unexpected error occurred..." /> },
];

/** The dashboard unless this deployment leads "/" to the saved reports (docs/product.md §2, PRICELENS_HOME_PAGE). */
const DEFAULT_HOME = '/new/home/dashboard';

function HomeRedirect() {
  useEffect(() => {
    getLoginConfig().then(
      (c) => navigate(c.home_path || DEFAULT_HOME, { replace: true }),
      () => navigate(DEFAULT_HOME, { replace: true }),
    );
  }, []);
  return null;
}

function SystemPage() {
  const { account } = useSession();
  return (
    <div className="page">
      <h1>System</h1>
      <dl className="facts">
        <dt>Account</dt>
        <dd>{account.account_name}</dd>
        <dt>Account id</dt>
        <dd>{account.account_id}</dd>
        <dt>User</dt>
        <dd>{account.userEmail}</dd>
      </dl>
    </div>
  );
}

/**
 * Guard renders the route when the user's read:any permissions include its resource and the
 * screen's view permission; otherwise the permission-denied page (docs/product.md §6, §8).
 */
function Guard({ resource, view, children }: { resource?: number; view?: PermissionName; children: ReactNode }) {
  const { account, can } = useSession();
  if (resource !== undefined && !canReadResource(account.userPermissions, resource)) return <PermissionDenied />;
  if (view && !can(view)) return <PermissionDenied />;
  return <>{children}</>;
}

function Routes() {
  const loc = useLocation();
  const errorPage = useUI((s) => s.errorPage);
  const showErrorPage = useUI((s) => s.showErrorPage);
  // A route change leaves the previous route's error page behind.
  useEffect(() => showErrorPage(null), [loc.path, showErrorPage]);
  // The page load's prefetched report data is for the page load's address only.
  useEffect(() => {
    if (loc.path !== firstPath) forgetPrefetched();
  }, [loc.path]);
  if (errorPage) return <ErrorPage {...errorPage} />;

  if (loc.path === '/trend' || (loc.path.startsWith('/trend/') && !TREND_REPORTS.some((t) => loc.path.split('/')[2] === t.name))) {
    return <NotFound />;
  }
  for (const r of routes) {
    const params = matchPath(r.pattern, loc.path);
    if (!params) continue;
    if (r.public) return <>{r.render(params)}</>;
    return (
      <RequireAccount>
        <Layout>
          <Preload />
          <Guard resource={r.resource} view={r.view}>
            {r.render(params)}
          </Guard>
        </Layout>
      </RequireAccount>
    );
  }
  return <NotFound />;
}

export function App() {
  const showDialog = useUI((s) => s.showDialog);
  const showErrorPage = useUI((s) => s.showErrorPage);
  useEffect(() => {
    setGlobalErrorHandler((o) => {
      if (o.kind === 'navigate') navigate(o.to, { replace: true });
      else if (o.kind === 'dialog') showDialog({ title: o.title, message: o.message, buttons: o.buttons, after: o.after });
      else showErrorPage({ status: o.status, title: o.title, message: o.message, hideHome: o.hideHome });
    });
  }, [showDialog, showErrorPage]);
  return (
    <RouterProvider>
      <Routes />
      <GlobalOverlays />
    </RouterProvider>
  );
}
