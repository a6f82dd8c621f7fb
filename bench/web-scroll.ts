/**
 * Scrolling a large property's locations table in Chromium, every row shown ('All', the
 * virtualized table): a wheel gesture from the top to the bottom and back while the page
 * records its frames (requestAnimationFrame), long tasks and long animation frames. A frame
 * longer than 1.5 times the 16.7 ms budget counts as dropped. Needs a running server.
 *
 *   npx tsx bench/web-scroll.ts --url http://127.0.0.1:3000 --email … --password … --site 12 [--speed 4000] [--json]
 */
// The functions handed to page.evaluate run in the browser.
/// <reference lib="dom" />
import type { CDPSession, Page } from 'playwright-core';
import { launchChromium } from '../e2e/support/chromium';
import { browserBenchArgs, signInAt } from './browser-bench';

const FRAME_BUDGET_MS = 1000 / 60;
const DROPPED_OVER_MS = 1.5 * FRAME_BUDGET_MS;
const VIEWPORT = { width: 1280, height: 800 };

const args = browserBenchArgs(
  'npx tsx bench/web-scroll.ts --url URL --email EMAIL --password PASSWORD --site ID [--speed PX_PER_S] [--json]',
  /** Wheel speed in px/s: 4,000 is a brisk flick through a long list. */
  { speed: '4000' },
);
const speed = Number(args.extra.speed);

/** What the page records while it scrolls (see startRecording). */
type Recording = { frames: number[]; longTasks: number[]; animationFrames: number[]; maxRowsInDom: number };
type RecordingWindow = Window & { scrollRecording?: Recording & { stop(): void } };

async function openAllRows(page: Page): Promise<number> {
  await signInAt(page, args);
  await page.goto(`${args.url}/Locations/${args.site}`);
  await page.locator('tr[data-location-id]').first().waitFor({ timeout: 60_000 });
  await page.getByRole('textbox', { name: 'Rows per page' }).click();
  await page.getByRole('listbox', { name: 'Rows per page' }).getByRole('option', { name: 'All' }).click();
  const table = page.locator('table[aria-rowcount]');
  await table.waitFor();
  return Number(await table.getAttribute('aria-rowcount')) - 1;
}

/** The point the wheel turns at: the middle of the table's scrolling box, brought into view. */
function boxCentre(page: Page): Promise<{ x: number; y: number }> {
  return page.evaluate(() => {
    const box = document.querySelector('table[aria-rowcount]')!.parentElement!;
    box.scrollIntoView({ block: 'center' });
    const rect = box.getBoundingClientRect();
    return { x: rect.left + rect.width / 2, y: rect.top + rect.height / 2 };
  });
}

function startRecording(page: Page): Promise<void> {
  return page.evaluate(() => {
    const box = document.querySelector('table[aria-rowcount]')!.parentElement!;
    const recording: Recording = { frames: [], longTasks: [], animationFrames: [], maxRowsInDom: 0 };
    let running = true;
    const observers = [
      ['longtask', recording.longTasks],
      ['long-animation-frame', recording.animationFrames],
    ] as const;
    const observing = observers.map(([type, into]) => {
      const observer = new PerformanceObserver((list) => list.getEntries().forEach((e) => into.push(e.duration)));
      observer.observe({ type });
      return observer;
    });
    const onFrame = (time: number) => {
      if (!running) return;
      recording.frames.push(time);
      recording.maxRowsInDom = Math.max(recording.maxRowsInDom, box.querySelectorAll('tr[data-location-id]').length);
      requestAnimationFrame(onFrame);
    };
    requestAnimationFrame(onFrame);
    (window as RecordingWindow).scrollRecording = Object.assign(recording, {
      stop: () => {
        running = false;
        observing.forEach((o) => o.disconnect());
      },
    });
  });
}

function stopRecording(page: Page): Promise<Recording> {
  return page.evaluate(() => {
    const { stop, ...recording } = (window as RecordingWindow).scrollRecording!;
    stop();
    return recording;
  });
}

/** Wheels until the box is at its bottom (or top): rows measured on the way change its height. */
async function wheelTo(page: Page, cdp: CDPSession, at: { x: number; y: number }, edge: 'bottom' | 'top') {
  for (let attempt = 0; attempt < 5; attempt++) {
    const remaining = await page.evaluate((edge) => {
      const box = document.querySelector('table[aria-rowcount]')!.parentElement!;
      return edge === 'top' ? box.scrollTop : box.scrollHeight - box.clientHeight - box.scrollTop;
    }, edge);
    if (remaining < 2) return;
    await cdp.send('Input.synthesizeScrollGesture', {
      ...at,
      yDistance: edge === 'bottom' ? -remaining : remaining,
      speed,
      gestureSourceType: 'mouse',
      preventFling: true,
    });
  }
  throw new Error(`the table did not reach its ${edge}`);
}

function summarise(rows: number, seconds: number, recording: Recording) {
  const intervals = recording.frames.slice(1).map((time, i) => time - recording.frames[i]!);
  const round = (ms: number) => Math.round(ms * 10) / 10;
  return {
    rows,
    seconds: round(seconds),
    frames: intervals.length,
    fps: round(intervals.length / seconds),
    droppedFrames: intervals.filter((ms) => ms > DROPPED_OVER_MS).length,
    longestFrameMs: round(Math.max(0, ...intervals)),
    longTasks: recording.longTasks.length,
    longestTaskMs: round(Math.max(0, ...recording.longTasks)),
    longAnimationFrames: recording.animationFrames.length,
    maxRowsInDom: recording.maxRowsInDom,
  };
}

const browser = await launchChromium();
try {
  const page = await browser.newPage({ viewport: VIEWPORT });
  // tsx keeps function names through a helper that the functions sent to the page would miss.
  await page.addInitScript({ content: 'globalThis.__name = (fn) => fn;' });
  const rows = await openAllRows(page);
  const cdp = await page.context().newCDPSession(page);
  const at = await boxCentre(page);
  await startRecording(page);
  const started = performance.now();
  await wheelTo(page, cdp, at, 'bottom');
  await wheelTo(page, cdp, at, 'top');
  const result = summarise(rows, (performance.now() - started) / 1000, await stopRecording(page));
  if (args.json) console.log(JSON.stringify(result));
  else {
    console.log(
      `locations table, ${rows} rows ('All'), ${VIEWPORT.width}x${VIEWPORT.height}, wheel at ${speed} px/s, top -> bottom -> top`,
    );
    console.log(`  time                   ${result.seconds} s`);
    console.log(`  frames                 ${result.frames} (${result.fps} per second)`);
    console.log(`  dropped frames         ${result.droppedFrames} (longer than ${DROPPED_OVER_MS.toFixed(1)} ms)`);
    console.log(`  longest frame          ${result.longestFrameMs} ms`);
    console.log(`  long tasks             ${result.longTasks} (longest ${result.longestTaskMs} ms)`);
    console.log(`  long animation frames  ${result.longAnimationFrames}`);
    console.log(`  rows in the DOM        at most ${result.maxRowsInDom} of ${rows}`);
  }
} finally {
  await browser.close();
}
