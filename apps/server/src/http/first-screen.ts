import fs from 'node:fs';
import path from 'node:path';
import type { FastifyRequest } from 'fastify';
import { readSessionToken } from './session.js';

/** Pages outside the signed-in app: they make no API call on their first screen. */
const SIGNED_OUT_PAGES = new Set(['/login', '/register', '/forgot-password', '/reset-password']);

/** What a page's HTML asks the browser to fetch alongside its entry script. */
export type FirstScreen = {
  /** API answers the first screen waits for (`<link rel="preload" as="fetch">`). */
  fetches: string[];
  /** The landing page's own script chunks (`<link rel="modulepreload">`). */
  modules: string[];
  /** The page whose first screen the HTML holds in place of the loader (dist/static-screens.json). */
  staticScreen?: string;
  /** Whether its scripts are fetched only once that first screen is painted (the signed-out pages). */
  scriptsAfterPaint?: boolean;
};

/**
 * Issue 15 §4: the first screen's data and code arrive in parallel with the entry script rather
 * than one round trip after another.
 *
 * - Data, for a request that carries a session cookie (a signed-out visitor is sent to /login
 *   and would use none of it): who is signed in, and on the dashboard (`/` with no filter in its
 *   address) the todos and their categories; on the dashboard with or without filters, the
 *   Today view (get-today.ts). Each URL is exactly what the web app requests
 *   (apps/web: get-me.ts, get-todos.ts: the first page with no filter, completed and cancelled todos hidden as by default since issue 18, get-todo-categories.ts), or the browser
 *   would fetch it twice.
 * - Code: the landing page's chunks, as the web build lists them (dist/first-screen.json,
 *   apps/web/first-screen-chunks.ts); the dashboard's only with a session cookie.
 */
export function firstScreenOf(request: FastifyRequest, secure: boolean, chunks: Record<string, string[]>, staticScreens: Record<string, string> = {}): FirstScreen {
  const [pathname = '/', search] = request.url.split('?', 2);
  const isSignedOutPage = SIGNED_OUT_PAGES.has(pathname);
  const hasSession = !isSignedOutPage && readSessionToken(request, secure) !== undefined;
  const fetches = hasSession ? ['/api/v1/users/me'] : [];
  if (hasSession && pathname === '/' && !search) fetches.push('/api/v1/todos?hideDone=true&page=1&limit=24', '/api/v1/categories?type=TODO');
  // The Today view at the top of the dashboard, whatever its filters (decision 037).
  if (hasSession && pathname === '/') fetches.push('/api/v1/users/me/today');
  const modules = isSignedOutPage || hasSession ? (chunks[pathname] ?? []) : [];
  // The sign-in form is the same for everyone: its HTML is sent with the page (the web app's
  // lib/static-screen.ts), so it shows before any script has run, and its scripts wait for that
  // paint (they would share the connection with the stylesheet it waits for). The dashboard's
  // frame (its header, heading, My day loading and quick add) is the same for everyone too, sent
  // only with a session cookie (a visitor without one is on their way to /login); its scripts are
  // fetched at once, as its todos need them (decision 017, fourth pass).
  const staticScreen = (isSignedOutPage || (hasSession && pathname === '/')) && staticScreens[pathname] !== undefined ? pathname : undefined;
  return { fetches, modules, ...(staticScreen ? { staticScreen, scriptsAfterPaint: isSignedOutPage } : {}) };
}

/** The id of the element that ends a first screen in the HTML (`withStaticScreen`). */
const FIRST_SCREEN_END = 'first-screen-end';

const attribute = (value: string) => value.replace(/&/g, '&amp;').replace(/"/g, '&quot;');

/**
 * The page with `markup` in #root in place of the loader index.html holds there and, with
 * `scriptsAfterPaint`, its scripts fetched once that markup is painted: the module script and the
 * module preloads make way for the web app's public/after-first-paint.js, which names them
 * (decision 017, third pass).
 */
export function withStaticScreen(html: string, markup: string, scriptsAfterPaint = true): string {
  const open = '<div id="root">';
  const start = html.indexOf(open);
  const end = html.lastIndexOf('</div>', html.indexOf('</body>'));
  if (start === -1 || end < start) return html;
  let page = `${html.slice(0, start + open.length)}${markup}<template id="${FIRST_SCREEN_END}"></template>${html.slice(end)}`;
  // The browser may paint a document it has parsed only in part, and the first screen then grows
  // under the eye (a layout shift: the sign-in card measured 52, then 290, then 458 px tall with
  // a slow CPU). `rel="expect"` holds the first paint until the marker after it is parsed.
  page = page.replace('</head>', `  <link rel="expect" href="#${FIRST_SCREEN_END}" blocking="render">\n  </head>`);
  if (!scriptsAfterPaint) return page;
  const entry = /<script type="module"[^>]*\ssrc="([^"]+)"[^>]*><\/script>\s*/.exec(page);
  if (!entry) return page;
  page = page.replace(entry[0], '');
  const modules: string[] = [];
  page = page.replace(/<link rel="modulepreload"[^>]*\shref="([^"]+)"[^>]*>\s*/g, (_link, href: string) => {
    modules.push(href);
    return '';
  });
  const boot = `<script defer src="/after-first-paint.js" data-entry="${attribute(entry[1]!)}" data-modules="${attribute(modules.join(' '))}"></script>`;
  return page.replace('</body>', `  ${boot}\n  </body>`);
}

/**
 * The page with its preloads at the end of its head: after the stylesheet and scripts that the
 * first paint waits for and the entry script, which the browser so asks for first. (Over
 * HTTP/1.1 a browser opens six connections to a server; preloads placed first queued the
 * render-blocking theme script and stylesheet behind twenty chunks, issue 15 §4.) The data comes
 * before the chunks: the page's code is useless without it. `crossorigin` (anonymous:
 * same-origin credentials, CORS mode) matches both the app's `fetch(url, { credentials:
 * 'same-origin' })` and Vite's module scripts; a preload made in another mode would not be reused.
 */
export function withPreloads(html: string, { fetches, modules }: FirstScreen): string {
  const links = [
    ...fetches.map((url) => `<link rel="preload" as="fetch" crossorigin href="${attribute(url)}">`),
    ...modules.map((url) => `<link rel="modulepreload" crossorigin href="${attribute(url)}">`),
  ];
  if (links.length === 0) return html;
  const at = html.indexOf('</head>');
  const block = links.join('\n    ');
  return at === -1 ? `${block}\n${html}` : `${html.slice(0, at)}  ${block}\n  ${html.slice(at)}`;
}

/** index.html with a page's preloads, and the build's landing-page chunks; both read again when a build replaces them. */
export function firstScreenPages(webDist: string) {
  const indexPath = path.join(webDist, 'index.html');
  const chunksPath = path.join(webDist, 'first-screen.json');
  const screensPath = path.join(webDist, 'static-screens.json');
  const readJson = <T>(file: string, empty: T): T => (fs.existsSync(file) ? (JSON.parse(fs.readFileSync(file, 'utf8')) as T) : empty);
  let cached:
    | { mtimeMs: number; html: string; chunks: Record<string, string[]>; staticScreens: Record<string, string>; variants: Map<string, string> }
    | undefined;
  const load = () => {
    const { mtimeMs } = fs.statSync(indexPath);
    if (cached?.mtimeMs !== mtimeMs) {
      cached = {
        mtimeMs,
        html: fs.readFileSync(indexPath, 'utf8'),
        chunks: readJson(chunksPath, {}),
        staticScreens: readJson(screensPath, {}),
        variants: new Map(),
      };
    }
    return cached;
  };
  return {
    firstScreen: (request: FastifyRequest, secure: boolean) => {
      const current = load();
      return firstScreenOf(request, secure, current.chunks, current.staticScreens);
    },
    html(screen: FirstScreen): string {
      const current = load();
      const key = [screen.staticScreen ?? '', String(screen.scriptsAfterPaint ?? ''), ...screen.fetches, ...screen.modules].join(' ');
      let html = current.variants.get(key);
      if (html === undefined) {
        html = withPreloads(current.html, screen);
        const markup = screen.staticScreen ? current.staticScreens[screen.staticScreen] : undefined;
        if (markup !== undefined) html = withStaticScreen(html, markup, screen.scriptsAfterPaint ?? true);
        current.variants.set(key, html);
      }
      return html;
    },
  };
}
