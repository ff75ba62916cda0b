import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { createServer, type Plugin } from 'vite';
import { SCREEN_FAILED } from '../src/lib/screen-failed';
import { readManifest } from './first-visit';
import { screenFiles, writeHashedAsset } from './route-preload';

/*
 * The entry pages, drawn at build time (decision 031). A client-rendered page shows nothing
 * until its script (about 160 kB gzipped for /login) has arrived and run; on a phone's slow
 * network that is seconds of white. Each page of src/prerender.tsx's list is rendered here with
 * the app's own components (React's server renderer, in Node, through Vite's module loader) into
 * a copy of index.html: the page's markup in #root, emotion's styles in the head, the screen's
 * chunks as modulepreload links. The server answers the page's address with it
 * (dist/prerendered/pages.json maps addresses to files); the app, once loaded, draws the same
 * screen in its place (src/main.tsx).
 */

/** What src/prerender.tsx exports. */
interface PrerenderModule {
  PRERENDERED_PAGES: { path: string; title: string }[];
  PICTURE_STYLE: string;
  renderPage: (path: string, consented: boolean) => Promise<string>;
}

/** pages.json: per address, the page for a first visit (with the cookie notice) and without. */
export type PrerenderedPages = Record<string, { firstVisit: string; consented: string }>;

/** The name a page's files take under dist/prerendered/. */
function pageName(pagePath: string): string {
  return pagePath.replace(/^\/+|\/+$/g, '').replace(/\//g, '_') || 'index';
}

/** index.html's hint script (route-preload.ts). */
const ROUTE_PRELOAD_SCRIPT = /<script async src="[^"]*route-preload-[\w-]+\.js"><\/script>\s*/;

/** index.html's module script: the app's entry. */
const ENTRY_SCRIPT = /<script type="module" crossorigin src="([^"]+)"><\/script>/;

/**
 * The classic script that starts the app on a prerendered page: deferred, so it runs once the
 * whole page is parsed, then it waits for the page to be painted before it adds the entry's
 * module script (already downloaded, as a modulepreload). Without the wait the deferred entry
 * ran straight after parsing, and the browser painted only what it had parsed before: on
 * /create-request the cookie notice at the end of the page was first painted by the app, a
 * second later on a slow phone. A page in a background tab, which gets no frames, starts after
 * 200 ms. A press on a picture's button meanwhile is kept for the app. When the app's scripts
 * cannot be loaded (a network that dropped, a deployment that
 * replaced them), the page says so above the picture, whose buttons would otherwise stay
 * disabled without a word, and offers to reload.
 */
export function startScript(entry: string): string {
  const failed =
    'function failed(){var a=document.createElement("div");a.setAttribute("role","alert");' +
    'a.style.cssText="position:sticky;top:0;z-index:2000;padding:12px 16px;background:#fdeded;' +
    'color:#5f2120;font:16px/1.5 Roboto,Helvetica,Arial,sans-serif";' +
    `a.appendChild(document.createTextNode(${JSON.stringify(`${SCREEN_FAILED} `)}));` +
    'var b=document.createElement("button");b.type="button";b.textContent="Reload";' +
    'b.onclick=function(){location.reload()};a.appendChild(b);' +
    'document.body.insertBefore(a,document.body.firstChild)}';
  // A press on one of the picture's buttons (a click, or Enter or Space on it) is kept on #root
  // for the app, which makes it again on the same button once it has drawn it
  // (src/lib/prerendered-input.ts).
  const keepPress =
    'var root=document.getElementById("root");document.addEventListener("click",function(e){' +
    'if(!root||!root.hasAttribute("data-prerendered"))return;' +
    'var b=e.target&&e.target.closest?e.target.closest("button"):null;' +
    'if(!b||!root.contains(b))return;e.preventDefault();' +
    'root.setAttribute("data-pressed",String(Array.prototype.indexOf.call(root.querySelectorAll("button"),b)));' +
    'root.setAttribute("data-pressed-text",b.textContent||"")},true);';
  return (
    `(function(){var started=false;${failed}${keepPress}function start(){if(started)return;started=true;` +
    'var s=document.createElement("script");s.type="module";s.crossOrigin="";s.onerror=failed;' +
    `s.src=${JSON.stringify(entry)};document.head.appendChild(s)}` +
    'requestAnimationFrame(function(){setTimeout(start,0)});setTimeout(start,200)})();\n'
  );
}

const EMOTION_STYLE = /<style data-emotion="[^"]*"[^>]*>[\s\S]*?<\/style>/g;

/**
 * index.html with the page in it. Emotion writes each component's rules as a style element
 * just before the element; they move to the head in the same order, where the app's emotion
 * cache finds them by their data-emotion names and does not insert those rules again.
 */
export function pageDocument(
  indexHtml: string,
  page: { title: string; markup: string; preload: string[]; start: string; pictureStyle: string },
): string {
  const styles = page.markup.match(EMOTION_STYLE) ?? [];
  const body = page.markup.replace(EMOTION_STYLE, '');
  const links = page.preload.map((href) => `<link rel="modulepreload" crossorigin href="${href}">`);
  const root = '<div id="root"></div>';
  if (!indexHtml.includes('<title>MoveHub</title>') || !indexHtml.includes(root)) {
    throw new Error('index.html has no <title>MoveHub</title> or no empty #root');
  }
  const entry = ENTRY_SCRIPT.exec(indexHtml);
  if (!entry) throw new Error('index.html has no module script');
  // Every replacement is a function: a replacement string would read "$&" or "$'" in the page's
  // text or styles as a pattern.
  const head = indexHtml
    // The entry is fetched beside the page and run once the page has painted (startScript).
    .replace(
      entry[0],
      () =>
        `<link rel="modulepreload" crossorigin href="${entry[1]}">\n    <script defer src="${page.start}"></script>`,
    )
    // The hint script finds the screen's chunks for index.html; here they are links already.
    .replace(ROUTE_PRELOAD_SCRIPT, () => '')
    .replace('<title>MoveHub</title>', () => `<title>${page.title} | MoveHub</title>`)
    .replace('</head>', () => `    ${links.join('\n    ')}\n  </head>`)
    // The page paints without its scripts: they load beside it at low priority, after the
    // document and anything it shows, instead of being fetched as if the paint waited on them.
    .replace(/<link rel="modulepreload"/g, (link) => `${link} fetchpriority="low"`);
  const allStyles = [...styles, `<style>${page.pictureStyle}</style>`];
  return head
    .replace('</head>', () => `    ${allStyles.join('\n    ')}\n  </head>`)
    .replace(root, () => `<div id="root" data-prerendered>${inertControls(body)}</div>`);
}

/**
 * The picture's controls until the app runs. Its fields take typing, which the app carries over
 * (src/lib/prerendered-input.ts). A press on its buttons would do nothing, so they say they
 * are disabled (aria-disabled, which keeps them in the tab order the app's page has, and which
 * tools that wait for an enabled control respect); its check boxes and radios are disabled, so
 * that a click does not change a box the app would not know of. Their look comes from MUI's
 * classes, which neither attribute changes. Its forms do not submit: a sign-in form would send
 * the password in the address; outside a dialog, a form whose method is dialog submits
 * nowhere.
 */
function inertControls(body: string): string {
  if (/<form\b[^>]*\bmethod=/i.test(body)) throw new Error('a prerendered form sets its method');
  return (
    body
      .replace(/<form\b/g, '<form method="dialog"')
      .replace(/<button\b(?![^>]*\sdisabled)/g, '<button aria-disabled="true"')
      .replace(
        /<input\b(?=[^>]*\stype="(?:checkbox|radio)")(?![^>]*\sdisabled)/g,
        '<input disabled=""',
      )
      // The earliest move date is the day the page is opened, not the day it was built: the
      // app sets it; until then the wizard's own check refuses a past date.
      .replace(/(<input\b[^>]*\stype="date"[^>]*?)\smin="[^"]*"/g, '$1')
      // An empty placeholder lets the picture's style see a field that holds text (typed or
      // filled in by the browser) with :placeholder-shown, and raise its label off it.
      .replace(
        /<(input|textarea)\b(?![^>]*\splaceholder=)(?![^>]*\stype="(?:checkbox|radio|hidden)")/g,
        '<$1 placeholder=" "',
      )
  );
}

/** Renders every page of the list into outDir/prerendered/, with pages.json beside them. */
async function prerenderPages(root: string, outDir: string, base: string): Promise<void> {
  // A module loader of its own, on React (not the Preact aliases): markup is all it makes.
  const vite = await createServer({
    configFile: false,
    root,
    logLevel: 'error',
    appType: 'custom',
    server: { middlewareMode: true, hmr: false, ws: false, watch: null },
    optimizeDeps: { noDiscovery: true, include: [] },
  });
  try {
    const entry = (await vite.ssrLoadModule('/src/prerender.tsx')) as PrerenderModule;
    const indexHtml = await readFile(path.join(outDir, 'index.html'), 'utf8');
    const entryHref = ENTRY_SCRIPT.exec(indexHtml)?.[1];
    if (!entryHref) throw new Error('index.html has no module script');
    const start = writeHashedAsset(outDir, 'start', startScript(entryHref));
    const screens = screenFiles(readManifest(outDir));
    await mkdir(path.join(outDir, 'prerendered'), { recursive: true });
    const pages: PrerenderedPages = {};
    for (const { path: pagePath, title } of entry.PRERENDERED_PAGES) {
      const preload = (screens.find(({ pattern }) => pattern.test(pagePath))?.files ?? []).map(
        (file) => base + file,
      );
      const write = async (file: string, consented: boolean) => {
        const markup = await entry.renderPage(pagePath, consented);
        await writeFile(
          path.join(outDir, 'prerendered', file),
          pageDocument(indexHtml, {
            title,
            markup,
            preload,
            start: base + start,
            pictureStyle: entry.PICTURE_STYLE,
          }),
        );
        return `prerendered/${file}`;
      };
      const name = pageName(pagePath);
      pages[pagePath] = {
        firstVisit: await write(`${name}.html`, false),
        consented: await write(`${name}.consented.html`, true),
      };
    }
    await writeFile(
      path.join(outDir, 'prerendered', 'pages.json'),
      `${JSON.stringify(pages, null, 2)}\n`,
    );
  } finally {
    await vite.close();
  }
}

/** The Vite plugin: once the bundle and index.html are written, before they are compressed. */
export function prerender(): Plugin {
  let root = '';
  let outDir = '';
  let base = '/';
  return {
    name: 'movehub-prerender',
    apply: 'build',
    configResolved(config) {
      root = config.root;
      outDir = path.resolve(config.root, config.build.outDir);
      base = config.base;
    },
    writeBundle: {
      sequential: true,
      order: 'post',
      async handler() {
        await prerenderPages(root, outDir, base);
      },
    },
  };
}
