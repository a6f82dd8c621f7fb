/** Polls `check` every 20 ms until it holds or `ms` pass; answers whether it held. For effects that arrive asynchronously. */
export async function until(check: () => boolean | Promise<boolean>, ms = 5_000): Promise<boolean> {
  const deadline = Date.now() + ms;
  while (!(await check()) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
  return check();
}
