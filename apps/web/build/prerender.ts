import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { createServer, type Plugin } from 'vite';
import { PICTURE_END } from '../src/lib/prerendered-input';
import { SCREEN_FAILED } from '../src/lib/screen-failed';
import { readManifest } from './first-visit';
import { screenFiles, writeHashedAsset } from './route-preload';

/*
 * The entry pages, drawn at build time (decision 031). A client-rendered page shows nothing
 * until its script (about 160 kB gzipped for /login) has arrived and run; on a phone's slow
 * network that is seconds of white. Each page of src/prerender.tsx's list is rendered here with
 * the app's own components (React's server renderer, in Node, through Vite's module loader) into
 * a copy of index.html: the page's markup in #root, emotion's styles in the head, and a start
 * script that fetches the app's entry and the screen's chunks once the page shows. The server
 * answers the page's address with it (dist/prerendered/pages.json maps addresses to files); the
 * app, once loaded, draws the same screen in its place (src/main.tsx).
 */

/** What src/prerender.tsx exports. */
interface PrerenderModule {
  PRERENDERED_PAGES: { path: string; title: string; sessionKey?: string }[];
  addressOf: (path: string) => string;
  PICTURE_STYLE: string;
  renderPage: (path: string, consented: boolean) => Promise<string>;
}

/**
 * pages.json: per address, the page for a first visit (with the cookie notice) and without. A
 * `:name` segment of an address stands for an id: the server sends the page for any digits there.
 */
export type PrerenderedPages = Record<string, { firstVisit: string; consented: string }>;

/** The name a page's files take under dist/prerendered/. */
function pageName(pagePath: string): string {
  return (
    pagePath
      .replace(/^\/+|\/+$/g, '')
      .replace(/:/g, '')
      .replace(/\//g, '_') || 'index'
  );
}

/** index.html's hint script (route-preload.ts). */
const ROUTE_PRELOAD_SCRIPT = /<script async src="[^"]*route-preload-[\w-]+\.js"><\/script>\s*/;

/** index.html's modulepreload links, which Vite writes for the entry's static imports. */
const ENTRY_PRELOAD = /\s*<link rel="modulepreload" crossorigin href="([^"]+)">/g;

/** index.html's module script: the app's entry. */
const ENTRY_SCRIPT = /<script type="module" crossorigin src="([^"]+)"><\/script>/;

/** The modulepreload links the start script adds in one task (see startScript). */
export const PRELOADS_PER_TASK = 4;

/**
 * The classic script that starts the app on a prerendered page: deferred, so it runs once the
 * whole page is parsed. It waits for the page's first paint, then fetches the app: the entry
 * named by its data-entry attribute as a module script, and the screen's chunks named by
 * data-preload as modulepreloads, a few a task. Nothing of the app is fetched or compiled while
 * the phone is still drawing the page: the picture is the one thing on the main thread and the
 * network until it shows (the page is render-blocked until its last element is parsed, so it
 * shows whole, in one paint). The paint is the browser's first-contentful-paint entry where it
 * reports one, else the frame after the first animation frame; a background tab, which paints
 * nothing, starts at once, and 3 s is the limit in any case. A press on a picture's button
 * meanwhile is kept for the app. A page that needs a session and finds no stored token goes to
 * the login page instead, without fetching the app. When the app's scripts cannot be loaded (a
 * network that dropped, a deployment that replaced them), the page says so above the picture,
 * whose buttons would otherwise stay disabled without a word, and offers to reload.
 */
export function startScript(): string {
  const failed =
    'function failed(){var a=document.createElement("div");a.setAttribute("role","alert");' +
    'a.style.cssText="position:sticky;top:0;z-index:2000;padding:12px 16px;background:#fdeded;' +
    'color:#5f2120;font:16px/1.5 Roboto,Helvetica,Arial,sans-serif";' +
    `a.appendChild(document.createTextNode(${JSON.stringify(`${SCREEN_FAILED} `)}));` +
    'var b=document.createElement("button");b.type="button";b.textContent="Reload";' +
    'b.onclick=function(){location.reload()};a.appendChild(b);' +
    'document.body.insertBefore(a,document.body.firstChild)}';
  // A press on one of the picture's buttons (a click, or Enter or Space on it) is kept on #root
  // for the app, which makes it again on the same button once it has hydrated the screen
  // (src/lib/prerendered-input.ts); React, which may already listen while the screen is still
  // being hydrated, does not see it, so that it is made once.
  const keepPress =
    'var root=document.getElementById("root");document.addEventListener("click",function(e){' +
    'if(!root||!root.hasAttribute("data-prerendered"))return;' +
    'var b=e.target&&e.target.closest?e.target.closest("button"):null;' +
    'if(!b||!root.contains(b))return;e.preventDefault();e.stopPropagation();' +
    'root.setAttribute("data-pressed",String(Array.prototype.indexOf.call(root.querySelectorAll("button"),b)));' +
    'root.setAttribute("data-pressed-text",b.textContent||"")},true);';
  // The entry first, then the screen's chunks PRELOADS_PER_TASK at a time, a task each: each
  // modulepreload link costs the main thread about a millisecond as it is added (0.7 to 1.2 ms
  // here, several times that with the browser's developer tools watching the network, as
  // Lighthouse does, and on a phone), and the dashboard's 69 in one task held the main thread for
  // 130–140 ms in a trace (a task of 477 ms in a calibrated Lighthouse run).
  const start =
    'function start(){if(started)return;started=true;var head=document.head;' +
    'var s=document.createElement("script");s.type="module";s.crossOrigin="";s.onerror=failed;' +
    's.src=me.getAttribute("data-entry");head.appendChild(s);' +
    'var hrefs=(me.getAttribute("data-preload")||"").split(" "),next=0;' +
    'function preload(){for(var end=next+' +
    String(PRELOADS_PER_TASK) +
    ';next<hrefs.length&&next<end;next++){if(!hrefs[next])continue;' +
    'var l=document.createElement("link");l.rel="modulepreload";l.crossOrigin="";l.href=hrefs[next];' +
    'head.appendChild(l)}if(next<hrefs.length)setTimeout(preload,0)}preload()}';
  const afterPaint =
    'function later(){setTimeout(start,0)}' +
    'if(document.visibilityState==="hidden")start();' +
    'else if(window.PerformanceObserver&&(PerformanceObserver.supportedEntryTypes||[]).indexOf("paint")>=0)' +
    'new PerformanceObserver(function(list){if(list.getEntriesByName("first-contentful-paint").length)later()})' +
    '.observe({type:"paint",buffered:true});' +
    'else requestAnimationFrame(function(){requestAnimationFrame(later)});' +
    'setTimeout(start,3000)';
  // A page that needs a session (data-session-key names its stored token) goes to the login
  // page at once when there is none, as the app's guard would send it there once loaded. Storage
  // that cannot be read leaves the choice to the app.
  const toLogin =
    'var key=me.getAttribute("data-session-key");if(key){try{if(!localStorage.getItem(key)){' +
    'location.replace("/login");return}}catch(e){}}';
  return `(function(){var started=false,me=document.currentScript;${toLogin}${failed}${keepPress}${start}${afterPaint}})();\n`;
}

const EMOTION_STYLE = /<style data-emotion="[^"]*"[^>]*>[\s\S]*?<\/style>/g;

/** One of emotion's style elements: its cache's key, the names of its rules, the rules. */
const EMOTION_PARTS = /^<style data-emotion="([\w-]+) ([^"]*)"[^>]*>([\s\S]*)<\/style>$/;

/**
 * Emotion's style elements as the head holds them: the global ones as they are (the app's
 * Global component looks for each by its name), and the components' rules, in their order, in
 * one element that names them all. The app's emotion cache, when it is made, moves every
 * server-written element of its key to the end of the head, each move a style sheet the browser
 * drops and builds again: 60 of them for My Requests. One element marked as already moved
 * (`data-s`) is moved once, when the cache takes it over.
 */
export function mergeEmotionStyles(styles: string[]): string[] {
  const kept: string[] = [];
  const names: string[] = [];
  let rules = '';
  for (const style of styles) {
    const parts = EMOTION_PARTS.exec(style);
    if (!parts || parts[1] !== 'css') {
      kept.push(style);
      continue;
    }
    for (const name of parts[2]!.split(' ')) if (!names.includes(name)) names.push(name);
    rules += parts[3];
  }
  return names.length === 0
    ? kept
    : [...kept, `<style data-emotion="css ${names.join(' ')}" data-s="">${rules}</style>`];
}

/**
 * index.html with the page in it. Emotion writes each component's rules as a style element
 * just before the element; they move to the head in the same order (mergeEmotionStyles), where
 * the app's emotion cache finds them by their data-emotion names and does not insert those rules
 * again.
 */
export function pageDocument(
  indexHtml: string,
  page: {
    title: string;
    markup: string;
    preload: string[];
    start: string;
    pictureStyle: string;
    sessionKey?: string;
  },
): string {
  const styles = page.markup.match(EMOTION_STYLE) ?? [];
  const body = page.markup.replace(EMOTION_STYLE, '');
  const root = '<div id="root"></div>';
  if (!indexHtml.includes('<title>MoveHub</title>') || !indexHtml.includes(root)) {
    throw new Error('index.html has no <title>MoveHub</title> or no empty #root');
  }
  const entry = ENTRY_SCRIPT.exec(indexHtml);
  if (!entry) throw new Error('index.html has no module script');
  const preload = [...indexHtml.matchAll(ENTRY_PRELOAD)].map((link) => link[1]!);
  const start =
    `<script defer src="${page.start}" data-entry="${entry[1]}" ` +
    `data-preload="${[...preload, ...page.preload].join(' ')}"` +
    `${page.sessionKey ? ` data-session-key="${page.sessionKey}"` : ''}></script>`;
  // Every replacement is a function: a replacement string would read "$&" or "$'" in the page's
  // text or styles as a pattern.
  const head = indexHtml
    // The start script fetches the entry and the screen's chunks once the page has painted.
    .replace(entry[0], () => start)
    .replace(ENTRY_PRELOAD, () => '')
    // The hint script finds the screen's chunks for index.html; here the start script has them.
    .replace(ROUTE_PRELOAD_SCRIPT, () => '')
    .replace('<title>MoveHub</title>', () => `<title>${page.title} | MoveHub</title>`);
  const allStyles = [
    // The first paint is the whole page: Chromium renders nothing until the picture's last
    // element is parsed, instead of painting the top of a long page first and its end (the cookie
    // notice, the largest text) a frame or more later.
    `<link rel="expect" href="#${PICTURE_END}" blocking="render">`,
    ...mergeEmotionStyles(styles),
    `<style>${page.pictureStyle}</style>`,
  ];
  return head
    .replace('</head>', () => `    ${allStyles.join('\n    ')}\n  </head>`)
    .replace(
      root,
      () =>
        `<div id="root" data-prerendered>${inertControls(body)}<span id="${PICTURE_END}" hidden></span></div>`,
    );
}

/**
 * The picture's controls until the app runs. Its fields take typing, which the app carries over
 * (src/lib/prerendered-input.ts). A press on its buttons would do nothing, so they say they
 * are disabled (aria-disabled, which keeps them in the tab order the app's page has, and which
 * tools that wait for an enabled control respect); its check boxes and radios are disabled, so
 * that a click does not change a box the app would not know of. Their look comes from MUI's
 * classes, which neither attribute changes. Its forms do not submit: a sign-in form would send
 * the password in the address; outside a dialog, a form whose method is dialog submits
 * nowhere. Each element names the one attribute added to it in `data-inert`, which the app
 * removes before it hydrates the page (React hydrates the markup it would draw itself).
 */
export function inertControls(body: string): string {
  if (/<form\b[^>]*\bmethod=/i.test(body)) throw new Error('a prerendered form sets its method');
  if (/\bdata-inert=/.test(body)) throw new Error('a prerendered element sets data-inert');
  return (
    body
      .replace(/<form\b/g, '<form method="dialog" data-inert="method"')
      .replace(
        /<button\b(?![^>]*\s(?:disabled|aria-disabled)\b)/g,
        '<button aria-disabled="true" data-inert="aria-disabled"',
      )
      .replace(
        /<input\b(?=[^>]*\stype="(?:checkbox|radio)")(?![^>]*\sdisabled)/g,
        '<input disabled="" data-inert="disabled"',
      )
      // An empty placeholder lets the picture's style see a field that holds text (typed, or
      // filled in by the browser) with :placeholder-shown, and raise its label off it.
      .replace(
        /<(input|textarea)\b(?![^>]*\splaceholder=)(?![^>]*\stype="(?:checkbox|radio|hidden)")/g,
        '<$1 placeholder=" " data-inert="placeholder"',
      )
  );
}

/** Renders every page of the list into outDir/prerendered/, with pages.json beside them. */
async function prerenderPages(root: string, outDir: string, base: string): Promise<void> {
  // A module loader of its own, outside the build's: markup is all it makes.
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
    const start = writeHashedAsset(outDir, 'start', startScript());
    const screens = screenFiles(readManifest(outDir));
    await mkdir(path.join(outDir, 'prerendered'), { recursive: true });
    const pages: PrerenderedPages = {};
    for (const { path: pagePath, title, sessionKey } of entry.PRERENDERED_PAGES) {
      const address = entry.addressOf(pagePath);
      const preload = (screens.find(({ pattern }) => pattern.test(address))?.files ?? []).map(
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
            sessionKey,
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
