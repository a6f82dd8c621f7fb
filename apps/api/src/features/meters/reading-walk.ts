import type { MeterContext, StoredReading } from './reading-context';
import { decide, levelAfter, millionths, type Level, type ReadingKind, type RuleReading } from './rule';

/** A reading of a batch for one meter: its instant (ms), total (decimal text) and whether it is a manual reset. */
export type Fresh = { at: number; total: string; reset: boolean };

/** A reading whose kind or usage the batch changes, or a new one; `ref` is the total it is measured from. */
export type Change = {
  at: number;
  total: string;
  reset: boolean;
  kind: ReadingKind;
  usage: bigint;
  delta: bigint;
  ref: bigint | null;
  fresh: boolean;
  oldKind: ReadingKind | null;
};

type Row = RuleReading & { text: string; stored: StoredReading | null; discarded: boolean };

const ms = (at: Date | string) => new Date(at).getTime();
const ofStored = (s: StoredReading): Row => ({
  at: ms(s.at),
  total: millionths(s.total),
  text: s.total,
  reset: s.reset,
  confirmed: s.decision === 'confirmed',
  stored: s,
  discarded: s.decision === 'discarded',
});
const sameLevel = (a: Level | null, b: Level | null) => a?.total === b?.total && a?.at === b?.at;

/** Where a meter's walk ended: its changes, and whether more stored readings after it may change. */
export type Walk = {
  changes: Change[];
  conflicts: Fresh[];
  unsettled: { from: number; level: Level | null; old: Level | null } | null;
};

/**
 * The readings of one meter a batch changes: the batch's readings placed among the stored ones
 * (of two at one instant the stored one counts, else the batch's first; another total there is a
 * conflict), walked from the meter's level before them by the rule, with the stored readings after
 * them walked again until the new level and the one the stored kinds gave agree (from there on
 * nothing changes). `later` holds the stored readings from the batch's start on as far as they
 * were read, `more` whether there are further ones; when the walk reaches the end of them
 * unsettled, it says where to go on from (that reading on, with the levels before it).
 * `wholly`: every reading given is walked, as when the rule itself changed.
 */
export function walkMeter(
  meter: Pick<MeterContext, 'rate' | 'before' | 'level'>,
  fresh: Fresh[],
  later: StoredReading[],
  more: boolean,
  { resume, wholly = false }: { resume?: { level: Level | null; old: Level | null }; wholly?: boolean } = {},
): Walk {
  const rate = millionths(meter.rate);
  const conflicts: Fresh[] = [];
  const changes: Change[] = [];
  const byInstant = new Map<number, Row>();
  const before = resume ? [] : meter.before ? [ofStored(meter.before)] : [];
  for (const s of later) byInstant.set(ms(s.at), ofStored(s));
  for (const f of fresh) {
    const kept = byInstant.get(f.at);
    if (kept) {
      if (kept.total !== millionths(f.total)) conflicts.push(f);
      continue;
    }
    byInstant.set(f.at, {
      at: f.at,
      total: millionths(f.total),
      text: f.total,
      reset: f.reset,
      confirmed: false,
      stored: null,
      discarded: false,
    });
  }
  const placed = [...byInstant.values()].sort((a, b) => a.at - b.at);
  // a reading staff discarded counts for nothing and is no reading's level; one just discarded changes kind
  for (const r of placed.filter((x) => x.discarded && x.stored!.kind !== 'discarded')) {
    const s = r.stored!;
    changes.push({
      at: r.at,
      total: r.text,
      reset: r.reset,
      kind: 'discarded',
      usage: 0n,
      delta: -millionths(s.usage),
      ref: null,
      fresh: false,
      oldKind: s.kind,
    });
  }
  const walked = [...before, ...placed.filter((r) => !r.discarded)];
  const start = resume ?? {
    level: meter.level ? { total: millionths(meter.level.total), at: ms(meter.level.at) } : null,
    old: null as Level | null,
  };
  let level = start.level;
  let old = resume ? resume.old : level;
  const lastFresh = fresh.reduce((m, f) => Math.max(m, f.at), -Infinity);
  for (const [i, r] of walked.entries()) {
    const next = walked[i + 1];
    // the last reading read has its next one among those not read yet: it is walked with them
    if (!next && more) return { changes, conflicts, unsettled: { from: r.at, level, old } };
    const d = decide(level, r, next, rate);
    const s = r.stored;
    if (!s || d.kind !== s.kind || d.usage !== millionths(s.usage))
      changes.push({
        at: r.at,
        total: r.text,
        reset: r.reset,
        kind: d.kind,
        usage: d.usage,
        delta: d.usage - (s ? millionths(s.usage) : 0n),
        ref: level?.total ?? null,
        fresh: !s,
        oldKind: s?.kind ?? null,
      });
    level = levelAfter(level, r, d.kind);
    if (s) old = levelAfter(old, r, s.kind);
    // from here on every reading is measured from the level its stored kind was decided from
    if (!wholly && s && r.at > lastFresh && sameLevel(level, old)) break;
  }
  return { changes, conflicts, unsettled: null };
}
