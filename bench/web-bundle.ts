/**
 * What the browser loads before the first page of the web app: the module script of
 * index.html, the chunks it modulepreloads and the style sheets it links, gzipped (kB of
 * 1,000 bytes, as Vite reports them). Fails when the JavaScript is over the budget.
 *
 *   npm run build && npx tsx bench/web-bundle.ts [--dist apps/web/dist]
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { gzipSync } from 'node:zlib';

const JS_BUDGET_KB = 250;

const { values } = parseArgs({ options: { dist: { type: 'string', default: 'apps/web/dist' } } });
const dist = values.dist;

type Tag = { name: string; attributes: Map<string, string> };

function tags(html: string): Tag[] {
  return [...html.matchAll(/<(script|link)\b([^>]*)>/gi)].map(([, name, body]) => ({
    name: name!.toLowerCase(),
    attributes: new Map(
      [...body!.matchAll(/([\w-]+)(?:="([^"]*)")?/g)].map(([, key, value]) => [key!.toLowerCase(), value ?? '']),
    ),
  }));
}

/** The files index.html loads at once, in its order: module scripts and modulepreloads, then style sheets. */
function initialAssets(html: string): { js: string[]; css: string[] } {
  const js: string[] = [];
  const css: string[] = [];
  for (const { name, attributes } of tags(html)) {
    const rel = attributes.get('rel');
    if (name === 'script' && attributes.get('type') === 'module' && attributes.has('src'))
      js.push(attributes.get('src')!);
    else if (name === 'link' && rel === 'modulepreload') js.push(attributes.get('href')!);
    else if (name === 'link' && rel === 'stylesheet') css.push(attributes.get('href')!);
  }
  return { js, css };
}

type Sized = { file: string; gzip: number };

const sized = (files: string[]): Sized[] =>
  files.map((file) => ({ file, gzip: gzipSync(readFileSync(join(dist, file.replace(/^\//, '')))).length }));
const kb = (bytes: number) => (bytes / 1000).toFixed(1);
const total = (files: Sized[]) => files.reduce((sum, f) => sum + f.gzip, 0);

const assets = initialAssets(readFileSync(join(dist, 'index.html'), 'utf8'));
if (assets.js.length === 0) throw new Error(`${dist}/index.html loads no module script: is the app built?`);
const js = sized(assets.js);
const css = sized(assets.css);

for (const { file, gzip } of [...js, ...css].sort((a, b) => b.gzip - a.gzip)) {
  console.log(`${kb(gzip).padStart(8)} kB  ${file}`);
}
const jsTotal = total(js);
console.log(`\ninitial JavaScript: ${kb(jsTotal)} kB gzip in ${js.length} files (budget ${JS_BUDGET_KB} kB)`);
console.log(`initial CSS:        ${kb(total(css))} kB gzip in ${css.length} files`);
if (jsTotal > JS_BUDGET_KB * 1000) {
  console.error(`over budget by ${kb(jsTotal - JS_BUDGET_KB * 1000)} kB`);
  process.exitCode = 1;
}
